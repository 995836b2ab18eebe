/**
 * A ref names a passage the tool returned: `<area>/<slug>#<section>`, e.g.
 * `runbooks/key-rotation#3`. Short, legible, and a path a support engineer can paste after the
 * docs portal's address; for a folder or a site, the slug is the document's own path under its
 * area (`runbooks/alertmanager/failed-to-send#4`). Issued by the tool only; a ref grants nothing.
 */
export interface ParsedRef {
  area: string;
  slug: string;
  section?: string;
}

// The slug: a kebab-case slug, or a document's path (ref-path.ts): segments that never start
// with "." (so never "." or ".."), separated by single slashes. Linear: a segment holds no "/".
const segment = "[A-Za-z0-9_~%-][A-Za-z0-9._~%-]*";
const refPattern = new RegExp(
  `^([a-z0-9][a-z0-9_-]{0,63})/(${segment}(?:/${segment})*)(?:#([A-Za-z0-9_-]{1,64}))?$`,
);

export function formatRef({ area, slug, section }: ParsedRef): string {
  return section === undefined ? `${area}/${slug}` : `${area}/${slug}#${section}`;
}

/** The parts of a well-formed ref, or undefined for anything this tool could not have issued. */
export function parseRef(ref: string): ParsedRef | undefined {
  const match = refPattern.exec(ref);
  if (!match) return undefined;
  const [, area, slug, section] = match;
  if (area === undefined || slug === undefined) return undefined;
  return section === undefined ? { area, slug } : { area, slug, section };
}

/**
 * The ref without its section, `<area>/<slug>`: the key a slug is bound to its document under.
 * Every ref under a slug belongs to that slug's document.
 */
export function slugRefOf(ref: string): string {
  const hash = ref.indexOf("#");
  return hash === -1 ? ref : ref.slice(0, hash);
}

/**
 * Refs a process issues on its own while the shared store cannot be reached have "--" in the
 * slug: `slugify` never makes one, so no shared ref can look like them, and a shared store never
 * holds them.
 */
export function isProcessLocalRef(ref: string): boolean {
  return parseRef(ref)?.slug.includes("--") === true;
}
