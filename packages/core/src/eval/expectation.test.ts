import { describe, expect, it } from "vitest";
import { answersExpectation, parseExpectation, type ResultIdentity } from "./expectation.js";

const result: ResultIdentity = {
  ref: "runbooks/key-rotation#3",
  url: "https://docs.example.test/runbooks/key-rotation#3",
  documentId: "guides/key-rotation.md",
  area: "runbooks",
  section: "3",
};

function answers(text: string, level: "document" | "section" = "section"): boolean {
  const expectation = parseExpectation(text);
  if (expectation === undefined) throw new Error(`unparsed ${text}`);
  return answersExpectation(result, expectation, level);
}

describe("expectations", () => {
  it("a ref with # names a section, without # the whole document", () => {
    expect(answers("runbooks/key-rotation#3")).toBe(true);
    expect(answers("runbooks/key-rotation#2")).toBe(false);
    expect(answers("runbooks/key-rotation#2", "document")).toBe(true);
    expect(answers("runbooks/key-rotation")).toBe(true);
    expect(answers("runbooks/other")).toBe(false);
  });

  it("a folder path, a document id and a URL name the same result", () => {
    expect(answers("runbooks/key-rotation.md#3")).toBe(true);
    expect(answers("./runbooks/key-rotation.md")).toBe(true);
    expect(answers("guides/key-rotation.md#3")).toBe(true);
    expect(answers("runbooks/guides/key-rotation")).toBe(true);
    expect(answers("https://docs.example.test/runbooks/key-rotation#3")).toBe(true);
    expect(answers("https://docs.example.test/runbooks/key-rotation/")).toBe(true);
    expect(answers("https://docs.example.test/runbooks/key-rotation#1")).toBe(false);
    expect(answers("https://elsewhere.test/runbooks/key-rotation")).toBe(false);
  });

  it("a backend's long slug matches the ref that carries it cut to 48 characters", () => {
    const long = "travel-guide-b-after-hours-emergency-travel-authorizations";
    const cut: ResultIdentity = {
      ref: "policies/travel-guide-b-after-hours-emergency-travel#1",
      area: "policies",
      section: "1",
    };
    const named = (text: string) =>
      answersExpectation(
        cut,
        parseExpectation(text) as NonNullable<ReturnType<typeof parseExpectation>>,
        "document",
      );
    expect(named(`policies/${long}`)).toBe(true);
    expect(named("policies/travel-guide-b-after-hours-emergency-travel")).toBe(true);
    // Another document whose slug merely starts the same is not it.
    expect(named("policies/travel-guide-b-after-hours")).toBe(false);
    expect(named(`runbooks/${long}`)).toBe(false);
  });

  it("names nothing when empty, spaced or with an empty section", () => {
    for (const text of ["", " ", "a b", "x#", "#3", "https://"]) {
      expect(parseExpectation(text)).toBeUndefined();
    }
  });
});
