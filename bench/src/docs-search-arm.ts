import {
  createDocsSearch,
  type DocsSearchOptions,
  defaultRetryBudgetOptions,
  MemoryRefStore,
  RetryBudget,
} from "@search-docs/core";
import type { CallRecord } from "./call-record.ts";

/** One arm's client: a call in, what it did out. */
export type ArmCall = (input: { query: string; area?: string | undefined }) => Promise<CallRecord>;

export interface DocsSearchArmOptions {
  baseUrl: string;
  areas: Readonly<Record<string, readonly string[]>>;
  /** Sent as the caller's headers on every upstream request. */
  headers: Record<string, string>;
  /** Anything else for `createDocsSearch`: reranker, paging, limits. */
  configure?: Pick<DocsSearchOptions, "reranker" | "paging" | "limits" | "fetch" | "inFlightLimit">;
  /**
   * Default true: keep every ref in a large store so results can be scored. False leaves the
   * client's own bounded ref store in place (the heap check), and returns no targets.
   */
  scoreResults?: boolean;
}

/**
 * An arm backed by `createDocsSearch`. Each arm gets its own retry budget and reindex memory, as
 * a separate deployment would, and a ref store large enough that every ref it issued still
 * resolves when the bench reads the results back to score them.
 */
export function createDocsSearchArm(options: DocsSearchArmOptions): ArmCall {
  const areas = Object.fromEntries(
    Object.entries(options.areas).map(([name, ids]) => [name, [...ids]]),
  );
  const scoreResults = options.scoreResults ?? true;
  const refStore = scoreResults ? new MemoryRefStore({ maxEntries: 1_000_000 }) : undefined;
  const docs = createDocsSearch({
    baseUrl: options.baseUrl,
    areas,
    ...(refStore === undefined ? {} : { refStore }),
    retryBudget: new RetryBudget(defaultRetryBudgetOptions),
    ...options.configure,
  });
  const caller = { headers: options.headers };
  return async ({ query, area }) => {
    const started = performance.now();
    const { output, trace } = await docs.search(area === undefined ? { query } : { query, area }, {
      caller,
    });
    const durationMs = performance.now() - started;
    const targets = [];
    for (const result of refStore === undefined ? [] : output.results) {
      const target = await refStore?.get(result.ref);
      targets.push({
        docId: target?.documentId ?? `unresolved:${result.ref}`,
        section: target?.section === undefined ? undefined : Number(target.section),
      });
    }
    return {
      status: output.status,
      moreMatchesExist: output.more_matches_exist,
      output,
      targets,
      searchedCollections: (area === undefined ? Object.keys(areas) : [area]).flatMap(
        (name) => areas[name] ?? [],
      ),
      requests: trace.requests
        .filter((request) => request.kind === "search")
        .map(({ collectionId, status, waitMs, latencyMs }) => ({
          collectionId,
          status,
          waitMs,
          latencyMs,
        })),
      stops: trace.collections.map((collection) => collection.stop),
      recordsFetched: trace.collections.reduce(
        (total, collection) => total + collection.candidates,
        0,
      ),
      durationMs,
    };
  };
}
