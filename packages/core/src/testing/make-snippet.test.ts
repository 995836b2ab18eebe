import { describe, expect, it } from "vitest";
import { makeSnippet } from "./make-snippet.js";

describe("makeSnippet", () => {
  it("returns a short text whole, whitespace collapsed", () => {
    expect(makeSnippet("Rotate the\n\nkey   now.", 0)).toBe("Rotate the key now.");
  });

  it("cuts a window around the hit with ellipses on both cut sides", () => {
    const text = `${"alpha ".repeat(60)}TARGET word ${"omega ".repeat(60)}`;
    const snippet = makeSnippet(text, text.indexOf("TARGET"));
    expect(snippet.startsWith("…")).toBe(true);
    expect(snippet.endsWith("…")).toBe(true);
    expect(snippet).toContain("TARGET word");
    expect(snippet.length).toBeLessThanOrEqual(202);
    expect(snippet.length).toBeGreaterThan(150);
    // Cut at word boundaries: no partial "alpha" or "omega".
    expect(snippet).toMatch(/^…alpha /);
    expect(snippet).toMatch(/ omega…$/);
  });

  it("does not prefix an ellipsis when the hit is at the start", () => {
    const text = `TARGET ${"omega ".repeat(60)}`;
    const snippet = makeSnippet(text, 0);
    expect(snippet.startsWith("TARGET")).toBe(true);
    expect(snippet.endsWith("…")).toBe(true);
  });

  it("keeps the window full length near the end of the text", () => {
    const text = `${"alpha ".repeat(60)}TARGET`;
    const snippet = makeSnippet(text, text.indexOf("TARGET"));
    expect(snippet.endsWith("TARGET")).toBe(true);
    expect(snippet.length).toBeGreaterThan(150);
  });
});
