/**
 * A ref names a passage the tool returned: `<area>/<slug>#<section>`, e.g.
 * `runbooks/key-rotation#3`. Short, legible, and a path a support engineer can paste after the
 * docs portal's address. Issued by the tool only; a ref grants nothing by itself.
 */
export interface ParsedRef {
  area: string;
  slug: string;
  section?: string;
}

const refPattern =
  /^([a-z0-9][a-z0-9_-]{0,63})\/([a-z0-9][a-z0-9-]{0,63})(?:#([A-Za-z0-9_-]{1,64}))?$/;

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
