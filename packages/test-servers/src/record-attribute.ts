// How the hosted engine fakes read an attribute of a record, written from the engines' pages (not
// the backends' record reading): Algolia names nested attributes with dots, `hierarchy.lvl0`
// (https://www.algolia.com/doc/guides/managing-results/must-do/searchable-attributes/), and so do
// Meilisearch's dot notation (https://www.meilisearch.com/docs/learn/engine/datatypes#objects) and
// Typesense's nested fields; Typesense's DocSearch fork and the docs-scraper store flat keys
// (`hierarchy.lvl0`, `hierarchy_lvl0`), which a literal key names first.

/** The value a record holds under `name`: the flat key, else the nested path; undefined when absent. */
export function recordAttribute(record: Readonly<Record<string, unknown>>, name: string): unknown {
  if (Object.hasOwn(record, name)) return record[name];
  const [head, ...rest] = name.split(".");
  if (head === undefined || rest.length === 0 || !Object.hasOwn(record, head)) return undefined;
  const inner = record[head];
  return typeof inner === "object" && inner !== null && !Array.isArray(inner)
    ? recordAttribute(inner as Record<string, unknown>, rest.join("."))
    : undefined;
}
