// A collection id is an index expression in the URL path: one index or alias name, a pattern
// (`docs-*`), a comma-separated list with exclusions (`docs-*,-docs-old`), a remote cluster's
// (`eu:docs-*`) or `_all` ("Multi-target syntax", https://www.elastic.co/guide/en/elasticsearch/
// reference/current/api-conventions.html; index name rules in "Create index API > Path
// parameters"). What cannot be one is refused before any request: a `/`, `?` or `#` would move
// the request to another endpoint, and a name starting with `_` would name an API (`_cat`).

// Characters no index or alias name may contain (the Create index API's list, `*` and `,`
// excepted: they are the expression's own syntax), plus controls and whitespace.
const forbidden = /[\\/?"<>|#\s\p{Cc}]/u;
// 255 bytes is the engines' limit for one name; a list of a few dozen is plenty.
const maximumLength = 4096;

/** Why `collectionId` cannot be an index expression, or undefined when it can. */
export function indexExpressionProblem(collectionId: string): string | undefined {
  if (collectionId.length === 0) return "is empty";
  if (collectionId.length > maximumLength) return `is longer than ${maximumLength} characters`;
  if (forbidden.test(collectionId)) {
    return 'contains a character no index name may hold (\\ / ? " < > | # or whitespace)';
  }
  const parts = collectionId.split(",");
  for (const [position, part] of parts.entries()) {
    const name = part.replace(/^-/, "").replace(/^[^:]*:/, "");
    if (part === "" || name === "") return "has an empty name in its list";
    if (part.startsWith("-") && position === 0) return "starts with an exclusion (-name)";
    if (name === "." || name === "..") return "names . or ..";
    if (name.startsWith("+")) return "has a name starting with +";
    if (name.startsWith("_") && name !== "_all") return "has a name starting with _ (an API)";
  }
  return undefined;
}

/** The expression as one URL path segment: each name encoded, the list's commas kept. */
export function indexPathSegment(collectionId: string): string {
  return collectionId
    .split(",")
    .map((part) => encodeURIComponent(part))
    .join(",");
}

/**
 * The expression's wildcard patterns (a part with `*`, or `_all`), exclusions left out; and
 * whether every name it includes is one (then a 404 can only be a pattern's).
 */
export function wildcardPatterns(collectionId: string): { patterns: string[]; only: boolean } {
  const included = collectionId.split(",").filter((part) => !part.startsWith("-"));
  const patterns = included.filter((part) => part.includes("*") || part.endsWith("_all"));
  return { patterns, only: patterns.length > 0 && patterns.length === included.length };
}
