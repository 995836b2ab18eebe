import type { FailureKind } from "../trace/trace.js";

/** What one upstream attempt came to, as the retry decision sees it. */
export type AttemptOutcome =
  | { kind: "response"; status: number; headers: Headers }
  /** The attempt's own timeout fired, before the headers or while the body was read. */
  | { kind: "timeout" }
  /** A reset, a refused connection, a DNS failure; or, `afterHeaders`, a body cut short. */
  | { kind: "network"; afterHeaders?: boolean }
  /** The body passed `limits.responseBytes` after decoding: the read was stopped there. */
  | { kind: "too_large"; limitBytes: number }
  /**
   * A 3xx (or a browser's opaque redirect, status 0): never followed. `origin` is where it
   * pointed, when it said; never the path or query, which may carry data.
   */
  | { kind: "redirect"; status: number; origin?: string | undefined }
  /** Anything else (`name` is the error's class name; never its message, which may hold data). */
  | { kind: "failed"; name: string };

/** The outcome in words for a trace, optionally "after N attempts". Never holds a credential. */
export function describeOutcome(outcome: AttemptOutcome, attempts?: number): string {
  const what = describe(outcome);
  if (attempts === undefined) return what;
  return `${what} after ${attempts} ${attempts === 1 ? "attempt" : "attempts"}`;
}

/** The typed failure an outcome stands for, as traces and the app's `unauthorized` read it. */
export function failureOf(outcome: AttemptOutcome): FailureKind {
  switch (outcome.kind) {
    case "timeout":
      return "timeout";
    case "network":
      return "network";
    case "too_large":
      return "too_large";
    case "redirect":
      return "redirect";
    case "failed":
      return "unexpected";
    case "response": {
      const { status } = outcome;
      if (status === 400) return "rejected";
      if (status === 401) return "unauthorized";
      if (status === 408) return "timeout";
      if (status === 409) return "reindexing";
      if (status === 429) return "load_shedding";
      if (status >= 500) return "server_error";
      if (status >= 300 && status < 400) return "redirect";
      return "unexpected";
    }
  }
}

function describe(outcome: AttemptOutcome): string {
  switch (outcome.kind) {
    case "timeout":
      return "timed out";
    case "network":
      return outcome.afterHeaders ? "network error while reading the body" : "network error";
    case "too_large":
      return `response too large (over ${outcome.limitBytes} bytes decoded)`;
    case "redirect":
      return `redirect (${outcome.status}) to ${outcome.origin ?? "an unnamed location"}, not followed`;
    case "failed":
      return `request failed (${outcome.name})`;
    case "response": {
      const { status } = outcome;
      if (status === 400) return "bad request (400)";
      if (status === 403) return "forbidden (403)";
      if (status === 404) return "not found (404)";
      if (status === 409) return "reindexing (409)";
      if (status === 429) return "load shedding (429)";
      if (status === 401) return "unauthorized (401): the caller's credentials were refused";
      if (status >= 500) return `server error (${status})`;
      return `unexpected status ${status}`;
    }
  }
}
