import type { JudgedAnswer } from "./judge-answer.js";

/** What one question got, judged the way the model meets it: the status and the refs in order. */
export interface QueryOutcome {
  id: string;
  line: number;
  query: string;
  area?: string;
  tags: string[];
  /** The expectations as written; empty for a question nothing should answer. */
  expect: string[];
  status: "ok" | "no_matches" | "unavailable";
  refs: string[];
  latencyMs: number;
  /** Scores of an answerable question that was answered (not `unavailable`). */
  scores?: JudgedAnswer;
  /** Expectations found in the top 8 (document level), and those not found. */
  found: string[];
  missing: string[];
  /** Why collections could not be read (the trace's failures): empty unless `unavailable`. */
  failures: Array<{ collectionId: string; kind: string; reason: string }>;
  /** Each collection's walk: pages read from upstream. */
  collections: Array<{ collectionId: string; pages: number }>;
}

/** Whether a question came out right: every expectation in the top 8, or `no_matches` for none. */
export function outcomePassed(outcome: QueryOutcome): boolean | undefined {
  if (outcome.status === "unavailable") return undefined;
  if (outcome.expect.length === 0) return outcome.status === "no_matches";
  return outcome.missing.length === 0;
}
