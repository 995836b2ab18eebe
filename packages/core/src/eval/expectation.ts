import { slugify } from "../refs/slugify.js";

/**
 * One expected answer, named the way a user knows it: a ref (`runbooks/key-rotation#3` is a
 * section, `runbooks/key-rotation` the whole document), a folder path (`runbooks/key-rotation.md`),
 * a document id, or a URL (its fragment names the section).
 */
export interface Expectation {
  /** As written in the query set. */
  text: string;
  /** The document part: a URL without its fragment, else a name without extension. */
  document: string;
  /** The section part (after `#`), when the expectation names a section. */
  section: string | undefined;
  isUrl: boolean;
}

/** A returned result, as far as it can be known: its ref, its link, and its ref's target. */
export interface ResultIdentity {
  ref: string;
  /** The ref's page URL, when the search has a portal or the backend a link. */
  url?: string | undefined;
  /** From the ref store the search issued the ref into, when given. */
  documentId?: string | undefined;
  area?: string | undefined;
  /** The backend's section, from the ref store; else the ref's own `#` part. */
  section?: string | undefined;
}

export type MatchLevel = "document" | "section";

// A folder path and the ref of the same file differ only by the extension the ref leaves out.
const documentExtension = /\.(md|mdx|markdown|txt|html?)$/i;

/** Undefined when `text` names nothing (empty, blank, or an empty section after `#`). */
export function parseExpectation(text: string): Expectation | undefined {
  const trimmed = text.trim();
  if (trimmed === "" || /\s/.test(trimmed)) return undefined;
  const isUrl = /^https?:\/\//i.test(trimmed);
  if (isUrl && !URL.canParse(trimmed)) return undefined;
  const hash = trimmed.indexOf("#");
  const base = hash < 0 ? trimmed : trimmed.slice(0, hash);
  const section = hash < 0 ? undefined : trimmed.slice(hash + 1);
  if (section === "" || base === "") return undefined;
  const document = isUrl ? normalizeUrl(base) : normalizeName(base);
  if (document === "") return undefined;
  return { text: trimmed, document, section, isUrl };
}

/**
 * Document level: the result is in the expected document, whatever its section (the model reads
 * the rest with get_document). Section level: the same document and, when the expectation names
 * one, the same section.
 */
export function answersExpectation(
  result: ResultIdentity,
  expectation: Expectation,
  level: MatchLevel,
): boolean {
  const hash = result.ref.indexOf("#");
  const refSection = hash < 0 ? undefined : result.ref.slice(hash + 1);
  if (expectation.isUrl) {
    if (result.url === undefined) return false;
    const urlHash = result.url.indexOf("#");
    const urlDocument = normalizeUrl(urlHash < 0 ? result.url : result.url.slice(0, urlHash));
    if (urlDocument !== expectation.document) return false;
    if (level === "document" || expectation.section === undefined) return true;
    const anchor = urlHash < 0 ? undefined : result.url.slice(urlHash + 1);
    return expectation.section === anchor || expectation.section === (result.section ?? refSection);
  }
  const names = [normalizeName(hash < 0 ? result.ref : result.ref.slice(0, hash))];
  // A backend's own slug as the user knows it (`policies/<a 60-character slug>`): the ref carries
  // it kebab-cased and cut to 48 characters, so the expectation is read the same way too.
  const slugged = asRefSlug(expectation.document);
  if (slugged !== undefined && names[0] === slugged) names.push(expectation.document);
  if (result.documentId !== undefined) {
    names.push(normalizeName(result.documentId));
    if (result.area !== undefined) names.push(normalizeName(`${result.area}/${result.documentId}`));
  }
  if (!names.includes(expectation.document)) return false;
  if (level === "document" || expectation.section === undefined) return true;
  return expectation.section === (result.section ?? refSection);
}

function normalizeName(name: string): string {
  return name.replace(/^(\.\/|\/)+/, "").replace(documentExtension, "");
}

function normalizeUrl(url: string): string {
  return url.replace(/\/+$/, "");
}

/** `<area>/<slug>` as a ref would carry it, when that differs from the name as written. */
function asRefSlug(document: string): string | undefined {
  const match = /^([^/]+)\/([^/]+)$/.exec(document);
  if (match === null) return undefined;
  const slug = slugify(match[2] as string);
  return slug === "" || slug === match[2] ? undefined : `${match[1]}/${slug}`;
}
