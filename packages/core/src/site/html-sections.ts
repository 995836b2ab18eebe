import type { ParsedSection } from "../folder/parse-document.js";

/** A page read from its HTML: title, sections at its headings (each with its anchor), or why not. */
export interface HtmlPage {
  title: string;
  sections: (ParsedSection & { anchor: string })[];
  /** `<link rel="alternate" type="text/markdown">`: the page's own Markdown, preferred. */
  markdownUrl?: string;
  /** `<link rel="canonical">`. */
  canonicalUrl?: string;
  /** Every `<a href>` of the page, chrome included (discovery), as written. */
  links: string[];
  /** Main content empty while scripts are not: rendered in the browser, nothing to index here. */
  scriptRendered: boolean;
}

// The parts of htmlparser2's DOM (domhandler) read here.
interface Node {
  type: string;
  name?: string;
  attribs?: Record<string, string>;
  children?: Node[];
  data?: string;
}

// Never content: navigation, page chrome, forms, embedded code and media.
const droppedElements = new Set([
  "script",
  "style",
  "noscript",
  "template",
  "nav",
  "footer",
  "aside",
  "form",
  "button",
  "svg",
  "iframe",
  "select",
  "dialog",
  "head",
  "object",
  "canvas",
]);
// Chrome by its class, id, role or label: cookie banners, tables of contents, breadcrumbs,
// "edit this page", sidebars, pagination, feedback widgets, skip links.
const chromePattern =
  /(?:^|[\s_-])(?:cookies?|consent|gdpr|banner|toc|table-of-contents|breadcrumbs?|sidebar|navbar|menu|edit-?this-?page|edit-?page|skip-?link|pagination|pager|feedback|announcement|theme-?toggle|copy-?button)(?:$|[\s_-])/i;
const chromeRoles = new Set(["navigation", "banner", "contentinfo", "complementary", "search"]);
const chromeTexts =
  /^(?:edit this page|edit on github|was this page helpful\??|on this page|table of contents|skip to (?:main )?content)$/i;
const blockElements = new Set([
  "p",
  "div",
  "section",
  "article",
  "main",
  "li",
  "ul",
  "ol",
  "dl",
  "dt",
  "dd",
  "table",
  "tr",
  "blockquote",
  "figure",
  "figcaption",
  "details",
  "summary",
  "br",
  "hr",
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
]);
const headingLevel: Record<string, number> = { h1: 1, h2: 2, h3: 3, h4: 4, h5: 5, h6: 6 };
const maxLabelChars = 300;

/** Sections of an HTML page's main content, split at its headings; code blocks kept whole. */
export async function htmlSections(html: string): Promise<HtmlPage> {
  const { parseDocument } = await import("htmlparser2");
  const root = parseDocument(html) as unknown as Node;
  const links: string[] = [];
  let markdownUrl: string | undefined;
  let canonicalUrl: string | undefined;
  let titleText = "";
  let scripts = false;
  let main: Node | undefined;
  let article: Node | undefined;
  let roleMain: Node | undefined;
  let body: Node | undefined;
  const scan = (node: Node) => {
    if (node.type === "tag" || node.type === "script" || node.type === "style") {
      const name = node.name ?? "";
      const attribs = node.attribs ?? {};
      if (name === "a" && attribs.href !== undefined) links.push(attribs.href);
      if (name === "link") {
        const rel = (attribs.rel ?? "").toLowerCase().split(/\s+/);
        if (rel.includes("alternate") && /markdown/i.test(attribs.type ?? "") && attribs.href) {
          markdownUrl ??= attribs.href;
        }
        if (rel.includes("canonical") && attribs.href) canonicalUrl ??= attribs.href;
      }
      if (name === "title" && titleText === "") titleText = textOf(node, true);
      if (name === "script" && (attribs.src !== undefined || textOf(node, true) !== "")) {
        scripts = true;
      }
      if (name === "main") main ??= node;
      if (name === "article") article ??= node;
      if ((attribs.role ?? "") === "main") roleMain ??= node;
      if (name === "body") body ??= node;
    }
    for (const child of node.children ?? []) scan(child);
  };
  scan(root);
  const content = main ?? roleMain ?? article ?? body ?? root;
  // Without a main element the page's own header is site chrome; inside one, the article's.
  const headerIsChrome = content === body || content === root;
  const sections: HtmlPage["sections"] = [];
  let heading = "";
  let anchor = "";
  let lines: string[] = [];
  let line = "";
  let firstH1: string | undefined;
  let started = false;
  const endLine = () => {
    const trimmed = line.replace(/[ \t]+/g, " ").trim();
    if (trimmed !== "") lines.push(trimmed);
    line = "";
  };
  const flush = (force: boolean) => {
    endLine();
    const text = lines.join("\n").trim();
    if (force || text !== "") sections.push({ heading, anchor, body: text });
    lines = [];
  };
  const walk = (node: Node) => {
    if (node.type === "text") {
      line += (node.data ?? "").replace(/\s+/g, " ");
      return;
    }
    if (node.type !== "tag") return;
    const name = node.name ?? "";
    if (droppedElements.has(name) || isChrome(node)) return;
    if (name === "header" && headerIsChrome) return;
    const level = headingLevel[name];
    if (level !== undefined) {
      flush(started);
      started = true;
      heading = textOf(node, true).slice(0, maxLabelChars);
      anchor = node.attribs?.id ?? childAnchor(node) ?? "";
      if (level === 1 && firstH1 === undefined && heading !== "") firstH1 = heading;
      return;
    }
    if (name === "pre") {
      // A code block whole, its lines as written.
      endLine();
      lines.push(textOf(node, false).replace(/\n+$/, ""));
      return;
    }
    const block = blockElements.has(name);
    if (block) endLine();
    if (name === "li") line += "- ";
    for (const child of node.children ?? []) walk(child);
    if (block) endLine();
    else if (name === "td" || name === "th") line += " ";
  };
  for (const child of content.children ?? []) walk(child);
  flush(started);
  const nonEmpty = sections.filter((section) => section.body !== "" || section.heading !== "");
  const empty = nonEmpty.every((section) => section.body === "");
  const title = (firstH1 ?? titleText.split(/\s[|–—-]\s/)[0] ?? "").trim().slice(0, maxLabelChars);
  return {
    title,
    sections: nonEmpty,
    ...(markdownUrl === undefined ? {} : { markdownUrl }),
    ...(canonicalUrl === undefined ? {} : { canonicalUrl }),
    links,
    scriptRendered: empty && scripts,
  };
}

function isChrome(node: Node): boolean {
  const attribs = node.attribs ?? {};
  if (chromeRoles.has((attribs.role ?? "").toLowerCase())) return true;
  if (attribs.hidden !== undefined || attribs["aria-hidden"] === "true") return true;
  const label = `${attribs.class ?? ""} ${attribs.id ?? ""} ${attribs["aria-label"] ?? ""}`;
  if (chromePattern.test(label)) return true;
  // "Edit this page" and its kin are links or short blocks with only that text.
  if (node.name === "a" || node.name === "div" || node.name === "p" || node.name === "span") {
    const text = textOf(node, true);
    if (text.length < 40 && chromeTexts.test(text)) return true;
  }
  return false;
}

/** A heading's anchor from a link inside it (`<h2><a id="x" href="#x">`), as many generators write. */
function childAnchor(node: Node): string | undefined {
  for (const child of node.children ?? []) {
    if (child.type !== "tag") continue;
    if (child.attribs?.id) return child.attribs.id;
    const href = child.attribs?.href;
    if (child.name === "a" && href?.startsWith("#") && href.length > 1) return href.slice(1);
  }
  return undefined;
}

function textOf(node: Node, collapse: boolean): string {
  let text = "";
  const visit = (current: Node) => {
    if (current.type === "text") text += current.data ?? "";
    else if (current.name === "br") text += "\n";
    for (const child of current.children ?? []) visit(child);
  };
  visit(node);
  return collapse ? text.replace(/\s+/g, " ").trim() : text;
}
