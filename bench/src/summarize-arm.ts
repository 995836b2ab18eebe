import { countTokens, mean, percentile } from "@search-docs/measure";
import { physicalFloor, requestsPerCollection } from "./physical-floor.ts";
import type { ArmResult } from "./run-interleaved.ts";
import { type AnswerScores, scoreAnswers } from "./score-answers.ts";

export interface Distribution {
  mean: number;
  p50: number;
  p95: number;
  p99: number;
}

/** Every figure of one arm in one scenario. */
export interface ArmSummary {
  calls: number;
  statuses: Record<string, number>;
  /** Document-level recall@8, mean over the answerable queries. */
  recallAt8: number;
  /** Section-level recall@8, over the golds that name a section. */
  sectionRecallAt8: number;
  /** Document-level MRR@8. */
  mrrAt8: number;
  sectionMrrAt8: number;
  /** The same per query kind, and the no-answer questions. */
  byKind: AnswerScores["byKind"];
  noAnswer: AnswerScores["noAnswer"];
  requestsPerCollection: Distribution;
  requestsPerCall: Distribution;
  recordsPerCall: Distribution;
  latencyMs: Distribution;
  floorMs: Distribution;
  /** Per call, tool latency divided by its physical floor. */
  latencyOverFloor: Distribution;
  resultTokens: Distribution;
  /** Share of calls answering `more_matches_exist: true`. */
  moreMatchesShare: number;
  /** Collection walks the adaptive rule stopped while upstream had more pages. */
  adaptiveStops: number;
  /** Calls with an adaptive stop that still said `more_matches_exist: false`: must be 0. */
  untruthfulMoreMatches: number;
  /** CPU per call (ms), from the sequential CPU pass; absent where none ran. */
  cpuMs?: Distribution;
}

export function distribution(values: readonly number[]): Distribution {
  return {
    mean: mean(values),
    p50: percentile(values, 50),
    p95: percentile(values, 95),
    p99: percentile(values, 99),
  };
}

export function summarizeArm(results: readonly ArmResult[], cpuMs?: readonly number[]): ArmSummary {
  const statuses: Record<string, number> = {};
  const perCollection: number[] = [];
  const perCall: number[] = [];
  const records: number[] = [];
  const latencies: number[] = [];
  const floors: number[] = [];
  const ratios: number[] = [];
  const tokens: number[] = [];
  let moreMatches = 0;
  let adaptiveStops = 0;
  let untruthfulMoreMatches = 0;
  for (const { record } of results) {
    statuses[record.status] = (statuses[record.status] ?? 0) + 1;
    perCollection.push(...requestsPerCollection(record.searchedCollections, record.requests));
    perCall.push(record.requests.length);
    records.push(record.recordsFetched);
    latencies.push(record.durationMs);
    const floor = physicalFloor(record.requests);
    floors.push(floor);
    if (floor > 0) ratios.push(record.durationMs / floor);
    tokens.push(countTokens(record.output));
    if (record.moreMatchesExist) moreMatches += 1;
    const stoppedEarly = record.stops?.filter((stop) => stop === "adaptive").length ?? 0;
    adaptiveStops += stoppedEarly;
    if (stoppedEarly > 0 && !record.moreMatchesExist) untruthfulMoreMatches += 1;
  }
  const answers = scoreAnswers(
    results.map(({ query, record }) => ({ query, targets: record.targets, status: record.status })),
  );
  return {
    calls: results.length,
    statuses,
    recallAt8: answers.recallAt8,
    sectionRecallAt8: answers.sectionRecallAt8,
    mrrAt8: answers.mrrAt8,
    sectionMrrAt8: answers.sectionMrrAt8,
    byKind: answers.byKind,
    noAnswer: answers.noAnswer,
    requestsPerCollection: distribution(perCollection),
    requestsPerCall: distribution(perCall),
    recordsPerCall: distribution(records),
    latencyMs: distribution(latencies),
    floorMs: distribution(floors),
    latencyOverFloor: distribution(ratios),
    resultTokens: distribution(tokens),
    moreMatchesShare: results.length === 0 ? Number.NaN : moreMatches / results.length,
    adaptiveStops,
    untruthfulMoreMatches,
    ...(cpuMs === undefined ? {} : { cpuMs: distribution(cpuMs) }),
  };
}
