import type { AttemptDetails, DocumentOutcome, PageOutcome } from "../backend/search-backend.js";
import type { FailureKind } from "../trace/trace.js";

/**
 * The typed reason a trace and the app read for a failed attempt; undefined for an answer.
 * `forbidden` is an answer too: the collection is left out, not failed.
 */
export function failureKindOf(
  outcome: PageOutcome | DocumentOutcome,
  status: AttemptDetails["status"],
): FailureKind | undefined {
  switch (outcome.kind) {
    case "page":
    case "no_match":
    case "document":
    case "not_found":
    case "forbidden":
      return undefined;
    case "rebuilding":
      return "reindexing";
    case "overloaded":
      return "load_shedding";
    case "unauthorized":
      return "unauthorized";
    case "stale_continuation":
      return "rejected";
    case "failed":
      return outcome.cause;
    case "transient":
      if (status === 408 || status === "timeout") return "timeout";
      // An engine's error status (5xx, a SQLSTATE): the server said it failed.
      if (
        (typeof status === "number" && status >= 500) ||
        (typeof status === "string" && status !== "network")
      ) {
        return "server_error";
      }
      // No status, or a body cut short after a 2xx's headers: the connection failed.
      return "network";
  }
}
