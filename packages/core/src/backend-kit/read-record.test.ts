import { describe, expect, it } from "vitest";
import { stringAt } from "./read-record.js";

describe("stringAt", () => {
  it("reads the string at a path of literal keys: an engine's snippet of one field", () => {
    const record = { _snippetResult: { "hierarchy.lvl1": { value: "the <em>cut</em> text" } } };
    expect(stringAt(record, ["_snippetResult", "hierarchy.lvl1", "value"])).toBe(
      "the <em>cut</em> text",
    );
    expect(stringAt({ _formatted: { content: "cropped" } }, ["_formatted", "content"])).toBe(
      "cropped",
    );
  });

  it("is empty when a step is missing, null or not an object, or the end is not a string", () => {
    // Keys are literal: a dotted key is not a path.
    expect(stringAt({ a: { b: "x" } }, ["a.b"])).toBe("");
    expect(stringAt({ _formatted: null }, ["_formatted", "content"])).toBe("");
    expect(stringAt({ _formatted: "content" }, ["_formatted", "content"])).toBe("");
    expect(stringAt({ _formatted: { content: 42 } }, ["_formatted", "content"])).toBe("");
    expect(stringAt({}, ["_formatted", "constructor"])).toBe("");
  });
});
