import { SearchDocsError } from "../errors/search-docs-error.js";
import { formatRef, slugRefOf } from "./ref.js";
import { encodeRefPath } from "./ref-path.js";
import { type RefStore, type RefTarget, sameDocument, sameTarget } from "./ref-store.js";
import { sha256 } from "./sha256.js";
import { slugify } from "./slugify.js";

const refSectionPattern = /^[A-Za-z0-9_-]{1,64}$/;
const continuationPattern = /^([A-Za-z0-9_-]{1,54})~([0-9]{1,9})$/;

export interface MintRequest {
  area: string;
  collectionId: string;
  documentId: string;
  /** The backend's slug, when it gave one; else the title is kebab-cased. */
  slug: string | undefined;
  /** The document's own path (a file's, a page's): the ref carries it whole in place of a slug. */
  path?: string | undefined;
  /** The longest ref get_document reads (`limits.refChars`): a path that would not fit is not cut, the slug is used. */
  maxRefChars?: number;
  title: string;
  section: string | undefined;
}

export interface MintOptions {
  signal?: AbortSignal | undefined;
  /**
   * Mint a ref only this process can resolve (the shared store is unreachable): its slug has
   * "--" before a suffix from the document, which no shared ref has (see `isProcessLocalRef`).
   */
  processLocal?: boolean;
}

/**
 * Issues the ref for a hit and records where it points. A slug already held by a different
 * document in the same area gets a short suffix derived from the document id, so it is stable.
 * The store never re-points a ref or a slug another document holds: a candidate that is taken
 * is skipped, and when every candidate is taken, minting fails rather than overwrite one.
 */
export async function mintRef(
  store: RefStore,
  request: MintRequest,
  options: MintOptions = {},
): Promise<string> {
  const { area, collectionId, documentId, section } = request;
  const target: RefTarget =
    section === undefined
      ? { area, collectionId, documentId }
      : { area, collectionId, documentId, section };
  // The ref is model-visible: a section named with characters a ref cannot carry (spaces,
  // markup, control characters) is replaced by a hash of it; only the target keeps its text.
  // A continuation inside a section (`3~6000`, see get_document) shows as `3-6000`.
  const continuation = section === undefined ? null : continuationPattern.exec(section);
  const refSection =
    section === undefined || refSectionPattern.test(section)
      ? section
      : continuation
        ? `${continuation[1]}-${continuation[2]}`
        : `s-${shortHash(section)}`;
  const pathSlug = pathSlugOf(request, refSection);
  const base =
    pathSlug ??
    (slugify(request.slug ?? "") || slugify(request.title) || `doc-${shortHash(documentId)}`);
  // A path is never cut; only a slug is shortened to leave room for a suffix.
  const stem = pathSlug ?? base.slice(0, 42).replace(/-+$/, "");
  // The plain slug first; on a clash, a suffix from the document id; and should two collections
  // of one area reuse a document id, one from the collection too.
  // Each candidate is made only when the one before it is taken: the first nearly always wins,
  // and every suffix is a SHA-256 in JavaScript.
  const slugs: Array<() => string> = options.processLocal
    ? [() => `${stem}--${shortHash(`${collectionId}/${documentId}`)}`]
    : [
        () => base,
        () => `${stem}-${shortHash(documentId)}`,
        () => `${stem}-${shortHash(`${collectionId}/${documentId}`)}`,
      ];
  for (const slugOf of slugs) {
    const slug = slugOf();
    const ref = formatRef(
      refSection === undefined ? { area, slug } : { area, slug, section: refSection },
    );
    const holder = await claim(store, ref, target, options.signal);
    if (sameTarget(holder, target)) return ref;
  }
  throw new SearchDocsError(
    `no ref could be minted in area ${area}: every candidate slug is held by another document`,
  );
}

// Room a clash suffix ("-" and five characters, or "--" and five) takes after a path.
const suffixChars = 7;

/** The request's path as a ref's slug, when it has one and the ref fits within `maxRefChars`. */
function pathSlugOf(request: MintRequest, section: string | undefined): string | undefined {
  if (request.path === undefined || request.path === "") return undefined;
  const slug = encodeRefPath(request.path);
  const length =
    request.area.length + 1 + slug.length + (section === undefined ? 0 : section.length + 1);
  return length + suffixChars <= (request.maxRefChars ?? Number.POSITIVE_INFINITY)
    ? slug
    : undefined;
}

/** `setIfAbsent` where the store has it; else read, then write (enough for one process). */
async function claim(
  store: RefStore,
  ref: string,
  target: RefTarget,
  signal: AbortSignal | undefined,
): Promise<RefTarget> {
  const options = { signal };
  if (store.setIfAbsent) return store.setIfAbsent(ref, target, options);
  const slugRef = slugRefOf(ref);
  const slugHolder = await store.get(slugRef, options);
  if (slugHolder && !sameDocument(slugHolder, target)) return slugHolder;
  const holder = slugRef === ref ? slugHolder : await store.get(ref, options);
  if (holder && !sameTarget(holder, target)) return holder;
  const { section: _section, ...document } = target;
  await store.set?.(ref, target, options);
  if (slugRef !== ref) await store.set?.(slugRef, document, options);
  return target;
}

/**
 * Five characters of a SHA-256, computed in JavaScript rather than by node:crypto so the root
 * entry runs in edge runtimes and workers. Base64 and base64url differ only in characters dropped
 * here, so the suffixes are the ones node:crypto's base64url digest gave.
 */
function shortHash(value: string): string {
  return btoa(String.fromCharCode(...sha256(value)))
    .replace(/[^a-z0-9]/gi, "")
    .slice(0, 5)
    .toLowerCase();
}
