import { describe, expect, it } from "vitest";
import type { BackendFailure } from "../backend/search-backend.js";
import { v2Failure } from "../v2/v2-status-table.js";
import { decideRetry, type RetryInput, type RetryRules } from "./decide-retry.js";
import { defaultRetryPolicy } from "./retry-policy.js";

const epochMs = Date.parse("2026-11-30T12:00:00Z");
const rules: RetryRules = { policy: defaultRetryPolicy, conflictWaitMs: 3000, random: () => 0.5 };

// The v2 backend's failures, as its status table makes them, and the sender's two without a status.
function response(status: number, headers: Record<string, string> = {}): BackendFailure {
  return v2Failure(status, new Headers(headers), { epochMs });
}
const timeout: BackendFailure = { kind: "transient", reason: "timed out" };
const network: BackendFailure = { kind: "transient", reason: "network error" };

function input(failure: BackendFailure, overrides: Partial<RetryInput> = {}): RetryInput {
  return {
    failure,
    attempt: 1,
    transientRetries: 0,
    conflictBudget: { waitedMs: 0, retries: 0 },
    reindexing: false,
    remainingMs: 5000,
    retryBudgetHasRoom: true,
    ...overrides,
  };
}

describe("decideRetry: never retried", () => {
  it.each([
    [404, "not found (404)"],
    [403, "forbidden (403)"],
    [400, "bad request (400)"],
    [401, "unauthorized (401): the caller's credentials were refused"],
    [418, "unexpected status 418"],
    [501, "unexpected status 501"],
  ])("%i gives up at once", (status, reason) => {
    expect(decideRetry(input(response(status)), rules)).toEqual({ giveUp: reason });
  });

  it("a failed attempt (malformed, too large, redirect, misconfigured) is not retried", () => {
    const malformed: BackendFailure = {
      kind: "failed",
      cause: "malformed",
      reason: "malformed body",
    };
    expect(decideRetry(input(malformed), rules)).toEqual({
      giveUp: "malformed body",
    });
    expect(decideRetry(input({ kind: "failed", cause: "misconfigured" }), rules)).toEqual({
      giveUp: "failed (misconfigured)",
    });
  });
});

describe("decideRetry: transient faults", () => {
  it.each([response(429), response(503), timeout, network])(
    "%o is retried with full-jitter backoff, charged one transient retry",
    (outcome) => {
      // Retry n waits random * min(cap, base * 2^(n-1)): 0.5 * 100, then 0.5 * 200.
      expect(decideRetry(input(outcome), rules)).toEqual({
        waitMs: 50,
        charge: { conflictWaitedMs: 0, conflictRetries: 0, transientRetries: 1 },
      });
      expect(decideRetry(input(outcome, { attempt: 2, transientRetries: 1 }), rules)).toMatchObject(
        {
          waitMs: 100,
        },
      );
    },
  );

  it("gives up once the policy's attempts are used", () => {
    expect(decideRetry(input(response(503), { attempt: 3, transientRetries: 2 }), rules)).toEqual({
      giveUp: "server error (503) after 3 attempts",
    });
    expect(decideRetry(input(network, { attempt: 3, transientRetries: 2 }), rules)).toEqual({
      giveUp: "network error after 3 attempts",
    });
  });

  it("honours Retry-After (seconds or an HTTP date against the wall time) on the statuses the policy lists", () => {
    expect(decideRetry(input(response(429, { "retry-after": "2" })), rules)).toMatchObject({
      waitMs: 2000,
    });
    const date = "Mon, 30 Nov 2026 12:00:01 GMT";
    expect(decideRetry(input(response(503, { "retry-after": date })), rules)).toMatchObject({
      waitMs: 1000,
    });
    // 500 is not in retryAfterStatusCodes: its own backoff applies.
    expect(decideRetry(input(response(500, { "retry-after": "2" })), rules)).toMatchObject({
      waitMs: 50,
    });
    // An unreadable Retry-After falls back to backoff rather than disabling the retry.
    expect(decideRetry(input(response(429, { "retry-after": "soon" })), rules)).toMatchObject({
      waitMs: 50,
    });
  });

  it("a wait that does not fit the time left gives up now, rather than sleeping past the deadline", () => {
    const outcome = response(429, { "retry-after": "2" });
    expect(decideRetry(input(outcome, { remainingMs: 2000 }), rules)).toEqual({
      giveUp: "load shedding (429): a 2000 ms wait does not fit the 2000 ms left",
    });
    expect(decideRetry(input(outcome, { remainingMs: 2000.1 }), rules)).toMatchObject({
      waitMs: 2000,
    });
  });

  it("gives up when the process-wide retry budget has no room", () => {
    expect(decideRetry(input(response(503), { retryBudgetHasRoom: false }), rules)).toEqual({
      giveUp: "server error (503): the process-wide retry budget is spent",
    });
  });
});

describe("decideRetry: 409, a collection being reindexed", () => {
  it("waits within the collection's budget and charges at least the backoff ceiling", () => {
    // 409 backoff: base 250 ms; at a draw of 0.5 the first retry waits 125 ms, charged 250.
    expect(decideRetry(input(response(409)), rules)).toEqual({
      waitMs: 125,
      charge: { conflictWaitedMs: 250, conflictRetries: 1, transientRetries: 0 },
    });
    const later = input(response(409), { conflictBudget: { waitedMs: 750, retries: 2 } });
    expect(decideRetry(later, rules)).toEqual({
      waitMs: 500,
      charge: { conflictWaitedMs: 1000, conflictRetries: 1, transientRetries: 0 },
    });
  });

  it("a Retry-After of 0 is still charged its ceiling: no tight loop against a rebuild", () => {
    expect(decideRetry(input(response(409, { "retry-after": "0" })), rules)).toEqual({
      waitMs: 0,
      charge: { conflictWaitedMs: 250, conflictRetries: 1, transientRetries: 0 },
    });
  });

  it("the wait is cut to what is left of the budget, and a spent budget gives up", () => {
    const nearlySpent = input(response(409), { conflictBudget: { waitedMs: 2950, retries: 5 } });
    expect(decideRetry(nearlySpent, rules)).toMatchObject({ waitMs: 50 });
    const spent = input(response(409), { conflictBudget: { waitedMs: 3000, retries: 6 } });
    expect(decideRetry(spent, rules)).toEqual({
      giveUp: "reindexing (409) past its 3000 ms wait budget",
    });
  });

  it("a Retry-After longer than the budget left gives up", () => {
    const outcome = response(409, { "retry-after": "3" });
    expect(
      decideRetry(input(outcome, { conflictBudget: { waitedMs: 1, retries: 1 } }), rules),
    ).toEqual({ giveUp: "reindexing (409) past its 3000 ms wait budget" });
  });

  it("a collection the reindex memory holds is probed once, not waited on", () => {
    expect(decideRetry(input(response(409), { reindexing: true }), rules)).toEqual({
      giveUp: "reindexing (409), still within the remembered reindex window",
    });
  });

  it("transient attempts do not limit 409 retries", () => {
    const outcome = input(response(409), { attempt: 9, transientRetries: 2 });
    expect(decideRetry(outcome, rules)).toHaveProperty("waitMs");
  });
});
