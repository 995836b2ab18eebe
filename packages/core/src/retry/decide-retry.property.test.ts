import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { BackendFailure } from "../backend/search-backend.js";
import { v2Failure } from "../v2/v2-status-table.js";
import { type ConflictBudget, decideRetry, type RetryRules } from "./decide-retry.js";
import { backoffDelay, defaultRetryPolicy } from "./retry-policy.js";

// Sequences of failed attempts fed through the decision, its charges applied as the client
// applies them: on fixed draws, whatever the backend answers.

const retryAfter = fc.constantFrom(
  undefined,
  "0",
  "1",
  "3",
  "soon",
  "Mon, 30 Nov 2026 12:00:02 GMT",
);
const epochMs = Date.parse("2026-11-30T12:00:00Z");
// The v2 backend's failures, as its status table makes them, and the sender's two without a status.
const outcome: fc.Arbitrary<BackendFailure> = fc.oneof(
  fc
    .tuple(fc.constantFrom(409, 429, 500, 503, 504, 408, 404, 403, 401, 400), retryAfter)
    .map(([status, after]) =>
      v2Failure(status, new Headers(after === undefined ? {} : { "retry-after": after }), {
        epochMs,
      }),
    ),
  fc.constantFrom<BackendFailure>(
    { kind: "transient", reason: "timed out" },
    { kind: "transient", reason: "network error" },
  ),
);

function run(
  outcomes: readonly BackendFailure[],
  draws: readonly number[],
  rules: Omit<RetryRules, "random">,
  deadlineMs: number,
) {
  const conflictBudget: ConflictBudget = { waitedMs: 0, retries: 0 };
  let transientRetries = 0;
  let elapsedMs = 0;
  let attempt = 0;
  let draw = 0;
  const waits: number[] = [];
  const random = () => draws[draw++ % draws.length] ?? 0;
  for (const next of outcomes) {
    attempt += 1;
    const decision = decideRetry(
      {
        failure: next,
        attempt,
        transientRetries,
        conflictBudget,
        reindexing: false,
        remainingMs: deadlineMs - elapsedMs,
        retryBudgetHasRoom: true,
      },
      { ...rules, random },
    );
    if ("giveUp" in decision) return { waits, attempts: attempt, gaveUp: true, conflictBudget };
    waits.push(decision.waitMs);
    elapsedMs += decision.waitMs;
    conflictBudget.waitedMs += decision.charge.conflictWaitedMs;
    conflictBudget.retries += decision.charge.conflictRetries;
    transientRetries += decision.charge.transientRetries;
  }
  return { waits, attempts: attempt, gaveUp: false, conflictBudget };
}

describe("decideRetry (property)", () => {
  const policy = { ...defaultRetryPolicy, conflictBaseDelayMs: 40, maxDelayMs: 160 };
  const conflictWaitMs = 400;
  // However small the draws or Retry-After, each 409 retry is charged at least its ceiling.
  let maxConflictRetries = 0;
  for (let spent = 0; spent < conflictWaitMs; maxConflictRetries++) {
    spent += backoffDelay({
      retry: maxConflictRetries + 1,
      baseMs: policy.conflictBaseDelayMs,
      capMs: policy.maxDelayMs,
      random: () => 1,
    });
  }

  it("a collection reindexing throughout retries a bounded number of times and waits within its budget", () => {
    fc.assert(
      fc.property(
        fc.array(retryAfter, { minLength: 40, maxLength: 40 }),
        fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 1 }),
        (afters, draws) => {
          const outcomes = afters.map((after) =>
            v2Failure(409, new Headers(after === undefined ? {} : { "retry-after": after }), {
              epochMs,
            }),
          );
          const result = run(outcomes, draws, { policy, conflictWaitMs }, 60_000);
          expect(result.gaveUp).toBe(true);
          expect(result.waits.length).toBeLessThanOrEqual(maxConflictRetries);
          expect(result.waits.reduce((total, wait) => total + wait, 0)).toBeLessThanOrEqual(
            conflictWaitMs,
          );
        },
      ),
      { numRuns: 300 },
    );
  });

  it("never waits past the deadline, and never makes more transient attempts than the policy allows", () => {
    fc.assert(
      fc.property(
        fc.array(outcome, { minLength: 1, maxLength: 30 }),
        fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 1 }),
        fc.integer({ min: 1, max: 6000 }),
        (outcomes, draws, deadlineMs) => {
          const result = run(outcomes, draws, { policy, conflictWaitMs }, deadlineMs);
          expect(result.waits.reduce((total, wait) => total + wait, 0)).toBeLessThan(deadlineMs);
          const transient = outcomes
            .slice(0, result.waits.length)
            .filter((next) => next.kind !== "rebuilding").length;
          expect(transient).toBeLessThan(policy.transientAttempts);
          // A 403, 404, 400 or 401 is never retried.
          for (const next of outcomes.slice(0, result.waits.length)) {
            expect(["overloaded", "transient", "rebuilding"]).toContain(next.kind);
          }
        },
      ),
      { numRuns: 500 },
    );
  });
});
