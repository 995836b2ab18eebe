import type { Caller } from "../contract/caller.js";
import type { DocsSearch } from "../create-docs-search.js";
import type { FailureKind } from "../trace/trace.js";

/** What the probe search saw: its first hit's ref, or the failure the trace typed. */
export interface Probe {
  query: string;
  results: number;
  firstRef: string | undefined;
  failure: { kind: FailureKind; reason: string } | undefined;
  forbidden: boolean;
  /** The trace's notes: why a collection was omitted, when the backend said. */
  notes: readonly string[];
}

export async function probeSearch(
  docs: DocsSearch,
  caller: Caller,
  queries: readonly string[],
): Promise<Probe> {
  let last: Probe | undefined;
  for (const query of queries) {
    const { output, trace } = await docs.search({ query }, { caller });
    last = {
      query,
      results: output.results.length,
      firstRef: output.results[0]?.ref,
      failure: trace.failures[0],
      forbidden: trace.omitted.length > 0,
      notes: trace.notes,
    };
    if (output.status !== "no_matches") return last;
  }
  return last as Probe;
}
