import { defaultInFlightLimitOptions } from "../backend/in-flight-limit.js";
import type { Caller } from "../contract/caller.js";
import type { SearchOutput } from "../contract/contract.js";
import type { DocsCallOptions, DocsResult } from "../create-docs-search.js";
import { ConfigurationError } from "../errors/configuration-error.js";
import { EvalQueryError } from "../errors/eval-query-error.js";
import type { RefStore } from "../refs/ref-store.js";
import type { EvalQuery, EvalQueryInput, EvalQuerySet } from "./eval-query.js";
import { answersExpectation, type ResultIdentity } from "./expectation.js";
import { judgeAnswer } from "./judge-answer.js";
import { parseEvalQueries } from "./parse-eval-queries.js";
import type { QueryOutcome } from "./query-outcome.js";
import { ranking } from "./ranking-metrics.js";
import { type RetrievalReport, retrievalReport } from "./retrieval-report.js";

/** What eval calls of a `DocsSearch` (whatever its area names): the agent's own search. */
export interface EvaluatedSearch {
  readonly areaNames: readonly string[];
  search(
    input: { query: string; area?: string },
    options: DocsCallOptions,
  ): Promise<DocsResult<SearchOutput>>;
  refUrl(ref: string): string | undefined;
}

/** One configuration to measure: the search the agent uses, and whose credentials to ask with. */
export interface EvalSetup {
  /** What `createDocsSearch` returned. */
  docs: EvaluatedSearch;
  caller: Caller;
  /**
   * The ref store `docs` was created with: with it, results are matched by document id too
   * (`expect: ["<document id>#2"]`); without it, by ref, path and URL only.
   */
  refStore?: RefStore | undefined;
  /** The backend's bound on attempts in flight (default 256): concurrency never exceeds it. */
  maxInFlight?: number | undefined;
}

export interface EvalProgress {
  done: number;
  total: number;
  elapsedMs: number;
}

export interface EvaluateRunOptions {
  /** Questions in flight at once (default 4), at most the backend's in-flight bound. */
  concurrency?: number;
  /** Score a set `eval init` drafted (the report is flagged drafted). Default false. */
  allowDrafted?: boolean;
  onProgress?: (progress: EvalProgress) => void;
  /** Milliseconds, for latency (default `performance.now`). */
  now?: () => number;
  signal?: AbortSignal;
}

/** A query set as checked by `parseEvalQueries`, or the lines to check. */
export type EvalQueries = EvalQuerySet | readonly EvalQueryInput[];

const defaultConcurrency = 4;

/**
 * The same set on several setups in one run, alternating (question i starts with setup i mod n),
 * so no setup owns a quieter or busier stretch of the run. One report per setup.
 */
export async function compareRetrieval<Name extends string>(
  setups: Readonly<Record<Name, EvalSetup>>,
  queries: EvalQueries,
  options: EvaluateRunOptions = {},
): Promise<Record<Name, RetrievalReport>> {
  const set = isQuerySet(queries) ? queries : parseEvalQueries(queries);
  const names = Object.keys(setups) as Name[];
  if (names.length === 0) {
    throw new ConfigurationError({ option: "setups", message: "give at least one setup" });
  }
  if (set.drafted && options.allowDrafted !== true) {
    throw new EvalQueryError({
      source: set.source,
      line: 1,
      message:
        "this set was drafted by `search-docs eval init`, not written by a person: edit its questions and remove its first line to measure (allowDrafted / --allow-drafted scores it, flagged as drafted)",
    });
  }
  for (const name of names) checkAreas(set, (setups[name] as EvalSetup).docs);
  const concurrency = boundedConcurrency(options.concurrency, names, setups);
  const now = options.now ?? (() => performance.now());
  const tasks: Array<{ name: Name; index: number }> = [];
  for (const index of set.queries.keys()) {
    for (let offset = 0; offset < names.length; offset++) {
      tasks.push({ name: names[(index + offset) % names.length] as Name, index });
    }
  }
  const outcomes = Object.fromEntries(
    names.map((name) => [name, new Array<QueryOutcome>(set.queries.length)]),
  ) as Record<Name, QueryOutcome[]>;
  const started = now();
  let next = 0;
  let done = 0;
  const worker = async () => {
    while (next < tasks.length) {
      options.signal?.throwIfAborted();
      const { name, index } = tasks[next++] as (typeof tasks)[number];
      const query = set.queries[index] as EvalQuery;
      outcomes[name][index] = await askOne(setups[name], query, now, options.signal);
      done += 1;
      options.onProgress?.({ done, total: tasks.length, elapsedMs: now() - started });
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return Object.fromEntries(
    names.map((name) => [name, retrievalReport(set, outcomes[name])]),
  ) as Record<Name, RetrievalReport>;
}

function isQuerySet(queries: EvalQueries): queries is EvalQuerySet {
  return !Array.isArray(queries) && typeof (queries as EvalQuerySet).drafted === "boolean";
}

function checkAreas(set: EvalQuerySet, docs: EvaluatedSearch): void {
  for (const query of set.queries) {
    if (query.area !== undefined && !docs.areaNames.includes(query.area)) {
      throw new EvalQueryError({
        source: set.source,
        line: query.line,
        message: `no area "${query.area}" in this configuration (areas: ${docs.areaNames.join(", ")})`,
      });
    }
  }
}

function boundedConcurrency(
  requested: number | undefined,
  names: readonly string[],
  setups: Readonly<Record<string, EvalSetup>>,
): number {
  const concurrency = requested ?? defaultConcurrency;
  if (!Number.isInteger(concurrency) || concurrency < 1) {
    throw new ConfigurationError({
      option: "concurrency",
      message: `concurrency must be a whole number from 1, not ${String(concurrency)}`,
    });
  }
  const bound = Math.min(
    ...names.map((name) => setups[name]?.maxInFlight ?? defaultInFlightLimitOptions.maxInFlight),
  );
  return Math.max(1, Math.min(concurrency, bound));
}

async function askOne(
  setup: EvalSetup,
  query: EvalQuery,
  now: () => number,
  signal: AbortSignal | undefined,
): Promise<QueryOutcome> {
  const started = now();
  const { output, trace, urls } = await setup.docs.search(
    query.area === undefined ? { query: query.query } : { query: query.query, area: query.area },
    { caller: setup.caller, signal },
  );
  const latencyMs = now() - started;
  const refs = output.results.map((result) => result.ref);
  const results: ResultIdentity[] = [];
  for (const ref of refs) {
    const target = await setup.refStore?.get(ref);
    results.push({
      ref,
      url: urls[ref] ?? setup.docs.refUrl(ref),
      ...(target === undefined
        ? {}
        : {
            documentId: target.documentId,
            area: target.area,
            ...(target.section === undefined ? {} : { section: target.section }),
          }),
    });
  }
  const top = results.slice(0, ranking.k);
  const found = query.expect.filter((expected) =>
    top.some((result) => answersExpectation(result, expected, "document")),
  );
  const answerable = query.expect.length > 0 && output.status !== "unavailable";
  return {
    id: query.id,
    line: query.line,
    query: query.query,
    ...(query.area === undefined ? {} : { area: query.area }),
    tags: query.tags,
    expect: query.expect.map((expected) => expected.text),
    status: output.status,
    refs,
    latencyMs,
    ...(answerable
      ? {
          scores: judgeAnswer(results, query.expect, {
            k: ranking.k,
            answers: answersExpectation,
            namesSection: (expected) => expected.section !== undefined,
          }),
        }
      : {}),
    found: found.map((expected) => expected.text),
    missing: query.expect
      .filter((expected) => !found.includes(expected))
      .map((expected) => expected.text),
    failures: trace.failures.map(({ collectionId, kind, reason }) => ({
      collectionId,
      kind,
      reason,
    })),
    collections: trace.collections.map(({ collectionId, pages }) => ({ collectionId, pages })),
  };
}
