import { formatRef } from "./ref.js";
import type { RefStore, RefTarget } from "./ref-store.js";
import { slugify } from "./slugify.js";

const refSectionPattern = /^[A-Za-z0-9_-]{1,64}$/;

export interface MintRequest {
  area: string;
  collectionId: string;
  documentId: string;
  /** The backend's slug, when it gave one; else the title is kebab-cased. */
  slug: string | undefined;
  title: string;
  section: string | undefined;
}

/**
 * Issues the ref for a hit and records where it points. A slug already held by a different
 * document in the same area gets a short suffix derived from the document id, so it is stable.
 */
export async function mintRef(store: RefStore, request: MintRequest): Promise<string> {
  const { area, collectionId, documentId, section } = request;
  const target: RefTarget = { area, collectionId, documentId };
  const base =
    slugify(request.slug ?? "") || slugify(request.title) || `doc-${await shortHash(documentId)}`;
  const stem = base.slice(0, 42).replace(/-+$/, "");
  // The plain slug first; on a clash, a suffix from the document id; and should two collections
  // of one area reuse a document id, one from the collection too.
  const slugs = [
    base,
    `${stem}-${await shortHash(documentId)}`,
    `${stem}-${await shortHash(`${collectionId}/${documentId}`)}`,
  ];
  let slug = slugs[slugs.length - 1] as string;
  for (const candidate of slugs) {
    const holder = await claim(store, formatRef({ area, slug: candidate }), target);
    if (holder.documentId === documentId && holder.collectionId === collectionId) {
      slug = candidate;
      break;
    }
  }
  if (section === undefined) return formatRef({ area, slug });
  // The ref is model-visible: a section named with characters a ref cannot carry (spaces,
  // markup, control characters) is replaced by a hash of it; only the target keeps its text.
  const refSection = refSectionPattern.test(section) ? section : `s-${await shortHash(section)}`;
  const ref = formatRef({ area, slug, section: refSection });
  await store.set(ref, { ...target, section });
  return ref;
}

async function claim(store: RefStore, ref: string, target: RefTarget): Promise<RefTarget> {
  if (store.setIfAbsent) return store.setIfAbsent(ref, target);
  const holder = await store.get(ref);
  if (holder) return holder;
  await store.set(ref, target);
  return target;
}

/**
 * Five characters of a SHA-256, by Web Crypto rather than node:crypto so the root entry runs in
 * edge runtimes and workers. Base64 and base64url differ only in characters dropped here, so the
 * suffixes are the ones node:crypto's base64url digest gave: refs already issued keep pointing.
 */
async function shortHash(value: string): Promise<string> {
  const digest = new Uint8Array(
    await crypto.subtle.digest("SHA-256", new TextEncoder().encode(value)),
  );
  return btoa(String.fromCharCode(...digest))
    .replace(/[^a-z0-9]/gi, "")
    .slice(0, 5)
    .toLowerCase();
}
