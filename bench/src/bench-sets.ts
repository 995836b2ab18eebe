import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";

/** One query set with the corpus it runs over and how that corpus is split into collections. */
export interface BenchSet {
  name: "project" | "shared-corpus" | "dev";
  /** A corpus `.jsonl`; undefined for the sample corpus. */
  corpus: string | undefined;
  queries: string;
  collectionsPerArea: number;
  /** Where it comes from, for the report. */
  description: string;
}

const shared = (path: string) => fileURLToPath(new URL(`../../../shared/${path}`, import.meta.url));
const tasks = (path: string) => fileURLToPath(new URL(`../tasks/${path}`, import.meta.url));

/**
 * The three sets the defaults are chosen and reported on. The shared corpus is split into 2
 * collections per area, as the held-out evaluation splits it; `../shared` sits beside the
 * repository (as in CI).
 */
export const benchSets: readonly BenchSet[] = [
  {
    name: "project",
    corpus: undefined,
    queries: tasks("queries.jsonl"),
    collectionsPerArea: 1,
    description: "the project's own 138 queries over the sample corpus",
  },
  {
    name: "shared-corpus",
    corpus: shared("corpus/docs.jsonl"),
    queries: tasks("shared-corpus-queries.jsonl"),
    collectionsPerArea: 2,
    description:
      "the project's 45 queries over the shared corpus (shared/corpus beside the checkout)",
  },
  {
    name: "dev",
    corpus: shared("corpus/docs.jsonl"),
    queries: shared("queries/dev-queries.jsonl"),
    collectionsPerArea: 2,
    description:
      "shared/queries/dev-queries.jsonl beside the checkout (126 queries with kinds) over the shared corpus",
  },
];

/** The sets whose files are present (the shared ones need ../shared beside the repository). */
export function availableSets(): BenchSet[] {
  return benchSets.filter(
    (set) => existsSync(set.queries) && (set.corpus === undefined || existsSync(set.corpus)),
  );
}
