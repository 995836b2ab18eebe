import type { EvalQueryInput } from "@search-docs/core/eval";
import type { BenchQuery } from "./load-queries.ts";

/**
 * A bench set as `search-docs eval` query lines: each gold as `<document id>#<section>`, the kind
 * as a tag. `sectionOffset` shifts the set's sections (the fake service's, from 0) to a backend
 * that numbers them from 1 (PostgreSQL, the memory backend, a folder).
 */
export function evalQueryLines(
  queries: readonly BenchQuery[],
  { sectionOffset = 0 }: { sectionOffset?: number } = {},
): EvalQueryInput[] {
  return queries.map((query) => ({
    id: query.id,
    query: query.query,
    ...(query.area === undefined ? {} : { area: query.area }),
    expect: query.gold.map((gold) =>
      gold.section === undefined ? gold.docId : `${gold.docId}#${gold.section + sectionOffset}`,
    ),
    tags: query.kind === undefined ? [] : [query.kind],
  }));
}
