import { hostOf, imageLabel } from "./labels.js";
import { holdsMarkup, markupParser } from "./markup-parser.js";
import { removeInvisible } from "./remove-invisible.js";

// Every element name of HTML (obsolete ones included), SVG and MathML, as htmlparser2 reports
// them (lower case). Such a tag is markup: read for its text. Any other `<name ...>` is text that
// looks like a tag (`List<String>`, `Map<K, V>`, `Promise<void>`) and stays as it was, unless an
// attribute of it has a value: `style` works on any element, so that one is dropped too.
const elementNames = new Set(
  (
    "a abbr acronym address applet area article aside audio b base basefont bdi bdo bgsound big " +
    "blink blockquote body br button canvas caption center cite code col colgroup data datalist " +
    "dd del details dfn dialog dir div dl dt em embed fieldset figcaption figure font footer form " +
    "frame frameset h1 h2 h3 h4 h5 h6 head header hgroup hr html i iframe image img input ins " +
    "isindex kbd keygen label legend li link listing main map mark marquee menu menuitem meta " +
    "meter multicol nav nextid nobr noembed noframes noscript object ol optgroup option output p " +
    "param picture plaintext pre progress q rb rp rt rtc ruby s samp script search section select " +
    "slot small source spacer span strike strong style sub summary sup table tbody td template " +
    "textarea tfoot th thead time title tr track tt u ul var video wbr xmp " +
    // SVG
    "svg g defs symbol use path rect circle ellipse line polyline polygon text tspan textpath " +
    "tref foreignobject lineargradient radialgradient stop pattern clippath mask filter marker " +
    "desc metadata switch view animate animatemotion animatetransform animatecolor set mpath " +
    "cursor font-face font-face-src font-face-uri glyph altglyph feblend fecolormatrix " +
    "fecomponenttransfer fecomposite feconvolvematrix fediffuselighting fedisplacementmap " +
    "fedistantlight fedropshadow feflood fefunca fefuncb fefuncg fefuncr fegaussianblur feimage " +
    "femerge femergenode femorphology feoffset fepointlight fespecularlighting fespotlight fetile " +
    "feturbulence " +
    // MathML
    "math mi mn mo ms mspace mtext mrow msup msub msubsup mfrac msqrt mroot mstyle merror " +
    "mpadded mphantom mfenced menclose mtable mtr mtd mlabeledtr munder mover munderover " +
    "mmultiscripts mprescripts annotation annotation-xml semantics maction"
  ).split(" "),
);

// `<List>`, `<K, V>`, `<x-widget/>`: a name, then bare words; no quote, `=`, `/` or `<` inside.
const plainTag = /^<[A-Za-z][\w.,-]*(?:\s+[\w.,-]+)*\s*\/?>$/;

// Elements whose content no reader sees: dropped whole (script and style are read as raw text
// by the tokenizer, so nothing inside them is taken for markup either).
const hiddenContent = new Set(["script", "style", "template"]);
const lineBreaks = new Set(["br", "hr"]);
const blocks = new Set(
  (
    "address article aside blockquote dd details dialog div dl dt fieldset figcaption figure " +
    "footer form h1 h2 h3 h4 h5 h6 header hgroup li main nav ol p pre section summary table " +
    "tr ul"
  ).split(" "),
);

/**
 * HTML becomes its text, through a real tokenizer (htmlparser2) rather than patterns: no
 * element survives to load anything when a chat UI renders the text — not `<iframe src>`,
 * `<video poster>`, `<source srcset>`, `<object data>`, `<embed>`, `<link>`, `<meta refresh>`,
 * `<base>`, `<svg><use href>`, nor CSS `url()` in a `style` attribute or a `<style>`. What is
 * kept:
 * - text, with entities decoded once, strictly (only with their `;`, as CommonMark reads them,
 *   so `?a=1&not=2` stays as written); a decoded `<` that would open a tag again, or an `&` that
 *   would decode again, is written as an entity (`&lt;img ...>`), so the text reads the same to
 *   a renderer and a second pass changes nothing;
 * - `<img>`, `<image>` and `<input type=image>` as `[image: alt]`; `<a href>` as its text and
 *   ` (host)`, like a markdown link; `<br>`, `<hr>` and block elements as line breaks;
 * - a `<name>` that is no element at all, with no attribute value, verbatim when it is a plain
 *   tag (see above) and as text otherwise; the rest of the text after a `<` whose tag never
 *   closes, as text.
 * `<script>`, `<style>` and `<template>` go with their content; comments and doctypes go.
 */
export function htmlToText(text: string): string {
  if (!holdsMarkup(text)) return text;
  // The tokenizer is loaded on first need, not with the package (see markup-parser.ts).
  const { Parser, decodeHTMLStrict } = markupParser();
  let output = "";
  let pending = "";
  let hiddenDepth = 0;
  const anchorHosts: (string | undefined)[] = [];
  const flush = () => {
    if (pending === "") return;
    // Decoded text may hold what was hidden behind an entity (`&#8203;`): removed before the
    // escaping, or a `<` it separated from `img` would open a tag once it went.
    output += escapeMarkup(removeInvisible(decodeHTMLStrict(pending)));
    pending = "";
  };
  // How far the tokenizer's events reached: past it, a tag that never closed swallowed the rest.
  let reached = -1;
  const lineBreak = () => {
    flush();
    if (output !== "" && !output.endsWith("\n")) output += "\n";
  };

  const parser: InstanceType<typeof Parser> = new Parser(
    {
      onopentag(name, attributes) {
        reached = parser.endIndex;
        if (hiddenDepth > 0 || hiddenContent.has(name)) {
          if (hiddenContent.has(name)) hiddenDepth += 1;
          return;
        }
        if (!elementNames.has(name)) {
          // An attribute with a value may be `style`, which works on any element: dropped.
          if (Object.values(attributes).some((value) => value !== "")) return;
          const source = text.slice(parser.startIndex, parser.endIndex + 1);
          // Kept as markup only in the plainest form, which every HTML and markdown tokenizer
          // reads as this one tag; anything else is kept as text (a `<www.x/<svg>` is one tag
          // here, but text and an <svg> to a markdown renderer).
          if (plainTag.test(source) && !/\son/i.test(source)) {
            flush();
            output += source;
          } else {
            pending += source;
          }
          return;
        }
        const isImage =
          name === "img" ||
          name === "image" ||
          (name === "input" && attributes.type?.trim().toLowerCase() === "image");
        if (isImage) {
          flush();
          output += imageLabel(
            escapeMarkup(removeInvisible(decodeHTMLStrict(attributes.alt ?? ""))),
          );
        } else if (name === "a") {
          flush();
          anchorHosts.push(hostOf(decodeHTMLStrict(attributes.href ?? "").trim()));
        } else if (lineBreaks.has(name) || blocks.has(name)) {
          lineBreak();
        }
      },
      onclosetag(name) {
        // A close the tokenizer implies (at the end, for a tag it never saw open) is no source.
        if (text.startsWith("</", parser.startIndex)) reached = parser.endIndex;
        if (hiddenContent.has(name) && hiddenDepth > 0) {
          hiddenDepth -= 1;
          return;
        }
        if (hiddenDepth > 0) return;
        if (name === "a") {
          flush();
          const host = anchorHosts.pop();
          if (host !== undefined) output += ` (${host})`;
        } else if (blocks.has(name)) {
          lineBreak();
        }
      },
      ontext(data) {
        // At the end, what follows a `<` whose tag never closed comes as text without its `<`:
        // left to the recovery below, which keeps all of it.
        if (text[parser.startIndex] === "<" && !data.startsWith("<")) return;
        reached = parser.endIndex;
        if (hiddenDepth === 0) pending += data;
      },
      oncomment() {
        reached = parser.endIndex;
      },
      onprocessinginstruction() {
        reached = parser.endIndex;
      },
    },
    { decodeEntities: false },
  );
  parser.end(text);
  // A `<` that opens a tag never closed (`if x<y and y<z`) swallowed the rest: it is text, not
  // lost, with that `<` written as an entity, since a model quoting it could supply the `>`.
  if (hiddenDepth === 0 && reached + 1 < text.length) pending += text.slice(reached + 1);
  flush();
  return output;
}

/** Writes what would read as markup again (a tag's `<`, a decodable `&`) as an entity. */
function escapeMarkup(text: string): string {
  const { decodeHTMLStrict } = markupParser();
  return text
    .replace(/&(?=(#[0-9]{1,8}|#[xX][0-9a-fA-F]{1,8}|[A-Za-z][A-Za-z0-9]{0,31});)/g, (amp, ref) =>
      decodeHTMLStrict(`&${ref};`) === `&${ref};` ? amp : "&amp;",
    )
    .replace(/<(?=[A-Za-z/!?])/g, "&lt;");
}
