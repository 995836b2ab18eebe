/** What one upstream attempt came to, as the retry decision sees it. */
export type AttemptOutcome =
  | { kind: "response"; status: number; headers: Headers }
  /** The attempt's own timeout fired. */
  | { kind: "timeout" }
  /** A reset, a refused connection, a DNS failure. */
  | { kind: "network" }
  /** Anything else (`name` is the error's class name; never its message, which may hold data). */
  | { kind: "failed"; name: string };

/** The outcome in words for a trace, optionally "after N attempts". Never holds a credential. */
export function describeOutcome(outcome: AttemptOutcome, attempts?: number): string {
  const what = describe(outcome);
  if (attempts === undefined) return what;
  return `${what} after ${attempts} ${attempts === 1 ? "attempt" : "attempts"}`;
}

function describe(outcome: AttemptOutcome): string {
  switch (outcome.kind) {
    case "timeout":
      return "timed out";
    case "network":
      return "network error";
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
