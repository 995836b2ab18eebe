import type { Expectation } from "./expectation.js";

/** One question of a query set, checked. */
export interface EvalQuery {
  /** Stable across runs, for `--baseline`: the line's `id`, else its area and query. */
  id: string;
  /** Where it was read: the file (or "queries") and its 1-based line. */
  source: string;
  line: number;
  query: string;
  area?: string;
  /** What should be found; empty for a question the docs cannot answer. */
  expect: Expectation[];
  tags: string[];
}

/** A checked query set. `drafted`: written by `eval init`, not by a person: never a measurement. */
export interface EvalQuerySet {
  source: string;
  drafted: boolean;
  queries: EvalQuery[];
}

/** A query line as written: `{ "query", "area"?, "expect": [...], "tags"?: [...], "id"? }`. */
export interface EvalQueryInput {
  id?: string;
  query: string;
  area?: string;
  expect: readonly string[];
  tags?: readonly string[];
}

/** The first line of a drafted set: the loader refuses to score it unless told it may. */
export const draftedMarker = { search_docs_eval: "drafted" } as const;
