import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { AttemptOutcome } from "./attempt-outcome.js";
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
const outcome: fc.Arbitrary<AttemptOutcome> = fc.oneof(
  fc
    .tuple(fc.constantFrom(409, 429, 500, 503, 504, 408, 404, 403, 401, 400), retryAfter)
    .map(([status, after]) => ({
      kind: "response" as const,
      status,
      headers: new Headers(after === undefined ? {} : { "retry-after": after }),
    })),
  fc.constantFrom<AttemptOutcome>({ kind: "timeout" }, { kind: "network" }),
);

function run(
  outcomes: readonly AttemptOutcome[],
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
        outcome: next,
        attempt,
        transientRetries,
        conflictBudget,
        reindexing: false,
        remainingMs: deadlineMs - elapsedMs,
        epochMs: Date.parse("2026-11-30T12:00:00Z"),
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
          const outcomes = afters.map((after) => ({
            kind: "response" as const,
            status: 409,
            headers: new Headers(after === undefined ? {} : { "retry-after": after }),
          }));
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
            .filter((next) => next.kind !== "response" || next.status !== 409).length;
          expect(transient).toBeLessThan(policy.transientAttempts);
          // A 403 or 404 is never retried.
          for (const next of outcomes.slice(0, result.waits.length)) {
            if (next.kind === "response") expect([403, 404, 400, 401]).not.toContain(next.status);
          }
        },
      ),
      { numRuns: 500 },
    );
  });
});
