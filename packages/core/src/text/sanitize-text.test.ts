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

  it("keeps the text after a < that opens no tag, the < written as an entity", () => {
    expect(sanitizeText("for (i=0;i<n;i++) x")).toBe("for (i=0;i&lt;n;i++) x");
    expect(sanitizeText("if x<y and y<z")).toBe("if x&lt;y and y&lt;z");
    expect(sanitizeText("a <b c d e f g")).toBe("a &lt;b c d e f g");
    expect(sanitizeText("a<x")).toBe("a&lt;x");
    expect(sanitizeText("x < y and <b>bold</b>")).toBe("x < y and bold");
  });

  it("an invisible character decoded from an entity cannot join a < to a tag name", () => {
    const zeroWidth = "&#8203;";
    for (let layers = 1; layers <= 6; layers++) {
      // Each layer hides the next entity behind another one: &&#8203;#8203; and so on.
      let hidden = zeroWidth;
      for (let layer = 1; layer < layers; layer++) hidden = `&${hidden}${zeroWidth.slice(1)}`;
      const text = sanitizeText(`&lt;${hidden}img src=x onerror=alert(1)>`);
      expect(text).not.toMatch(/<img/i);
      expect(sanitizeText(text)).toBe(text);
    }
    const nested = "&lt;&&#8203;&&#8203;&&#8203;#8203;#8203;#8203;img src=x onerror=alert(1)>";
    expect(sanitizeText(nested)).not.toMatch(/<img/i);
    expect(sanitizeText(sanitizeText(nested))).toBe(sanitizeText(nested));
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
