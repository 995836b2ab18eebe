import { describe, expect, it } from "vitest";
import { cutText, sanitizeText, toPassage } from "./sanitize-text.js";

describe("sanitizeText", () => {
  it("strips control and invisible characters, keeps newlines and tabs", () => {
    expect(sanitizeText("a\u0000b\u0007c\u001b[31md\u200be\u202ef\n\tg")).toBe("abc[31mdef\n\tg");
  });

  it("turns images into labels so a renderer fetches nothing", () => {
    expect(sanitizeText("see ![chart](https://evil.example/x.png?q=secret)")).toBe(
      "see [image: chart]",
    );
    expect(sanitizeText('<img src="https://evil.example/p?d=1" alt="logo">')).toBe("[image: logo]");
    expect(sanitizeText("![](https://evil.example/t)")).toBe("[image]");
  });

  it("turns links into their text and host, dropping the URL's path and query", () => {
    expect(sanitizeText("[click here](https://evil.example/steal?data=abc)")).toBe(
      "click here (evil.example)",
    );
    expect(sanitizeText("[relative](/docs/x)")).toBe("relative");
    expect(sanitizeText("<https://docs.example.com/a>")).toBe("https://docs.example.com/a");
  });

  it("leaves code and ordinary punctuation alone", () => {
    const code = "kubectl get pods -n ledger | grep -v Running [x] (y)";
    expect(sanitizeText(code)).toBe(code);
  });
});

describe("passages", () => {
  it("fold whitespace and cut at a word with an ellipsis", () => {
    expect(toPassage("one\n\ntwo   three", 100)).toBe("one two three");
    const cut = cutText("alpha beta gamma delta", 12);
    expect(cut).toBe("alpha beta…");
    expect(cut.length).toBeLessThanOrEqual(12);
  });
});
