import type { PageSection } from "./page-sections.js";

// A derived section's own address: the page's URL with the section's anchor, the link the app
// shows for a ref (BackendHit.url, BackendSection.url). Core checks every link again (pageLink:
// http(s) only, no credentials); this only builds it.

/**
 * `pageUrl` at `section`: `#<anchor>` when the page names the heading's id (HTML `id`, Markdown
 * slug); for a heading known only by its text (a crawler's `headings` list over plain text), a
 * text fragment (`#:~:text=`, WICG "URL Fragment Text Directives", which the major browsers
 * follow) that scrolls to that text; the page itself for the text before the first heading.
 * Undefined when `pageUrl` is not an absolute http(s) URL.
 */
export function sectionUrl(
  pageUrl: string | undefined,
  section: PageSection,
  title: string,
): string | undefined {
  if (pageUrl === undefined || !/^https?:\/\//i.test(pageUrl) || !URL.canParse(pageUrl)) {
    return undefined;
  }
  const url = new URL(pageUrl);
  if (section.anchor !== undefined) {
    url.hash = section.anchor;
  } else if (section.section !== "1" || section.heading !== title) {
    url.hash = `:~:text=${textDirective(section.heading)}`;
  } else {
    url.hash = "";
  }
  return url.href;
}

/** The text directive's value: percent-encoded, `-` too (`,`, `&` and `-` are its syntax). */
function textDirective(text: string): string {
  return encodeURIComponent(text).replace(/-/g, "%2D");
}
