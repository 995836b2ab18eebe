/**
 * Anchors for headings as GitHub and most docs generators make them: lower case, punctuation
 * dropped, spaces as hyphens, a repeat suffixed `-1`, `-2`... The first section (before any
 * heading) has none.
 */
export function headingAnchors(headings: readonly string[]): string[] {
  const seen = new Map<string, number>();
  return headings.map((heading) => {
    if (heading === "") return "";
    const base = heading
      .toLowerCase()
      .trim()
      .replace(/[^\p{L}\p{N}\s_-]/gu, "")
      .replace(/\s/g, "-");
    const count = seen.get(base);
    seen.set(base, (count ?? -1) + 1);
    return count === undefined ? base : `${base}-${count + 1}`;
  });
}
