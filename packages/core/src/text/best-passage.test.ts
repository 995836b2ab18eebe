import { describe, expect, it } from "vitest";
import { bestPassage } from "./best-passage.js";

describe("bestPassage", () => {
  it("keeps a short body whole, whitespace folded", () => {
    expect(bestPassage("Rotate\n\nthe   key.", ["rotate"], 320)).toBe("Rotate the key.");
  });

  it("cuts a long body to the window holding most query words, from its sentence's start", () => {
    const filler = "Nothing to see in this sentence at all. ".repeat(20);
    const body = `${filler}Rotation of the signing key happens monthly. ${filler}`;
    const passage = bestPassage(body, ["rotate", "signing", "key"], 120);
    expect(passage.startsWith("…Rotation of the signing key")).toBe(true);
    expect(passage.endsWith("…")).toBe(true);
    expect(passage.length).toBeLessThanOrEqual(122);
  });

  it("starts at the beginning when no word is found, and stays bounded", () => {
    const passage = bestPassage("word ".repeat(500), ["absent"], 100);
    expect(passage.startsWith("word")).toBe(true);
    expect(passage.length).toBeLessThanOrEqual(101);
  });
});
