import type { BackendFailure } from "../../backend/search-backend.js";
import { parseRetryAfter } from "../parse-retry-after.js";

/**
 * What a v2 status means (DESIGN.md section 2, "The v2 backend"): the one place HTTP codes mean
 * anything for the seed's API. These win over the retry policy: listing 403 or 404 as transient
 * cannot make them retried.
 */
export const v2StatusTable = Object.freeze({
  /** Refused as sent; with a cursor, the collection changed under the walk. */
  400: "rejected",
  /** The caller's credentials were refused: never retried, a typed signal for the app. */
  401: "unauthorized",
  /** This caller can never read it: never retried. */
  403: "forbidden",
  /** The query matched nothing (search) or no such document: an ordinary answer. */
  404: "not_found",
  /** The collection is being reindexed (~90 s after each docs deploy): waited within its budget. */
  409: "rebuilding",
} as const satisfies Record<number, string>);

export type V2StatusMeaning =
  | (typeof v2StatusTable)[keyof typeof v2StatusTable]
  /** Load shedding (429, when the policy lists it): backoff within the retry budget. */
  | "overloaded"
  /** Server errors and 408 the policy lists: backoff, bounded attempts. */
  | "transient"
  /** Anything else: that collection is unavailable, never retried. */
  | "unexpected";

/** How the retry policy's status lists refine the table. */
export interface V2StatusRules {
  transientStatusCodes: readonly number[];
  retryAfterStatusCodes: readonly number[];
}

/** A status's meaning: the table's, else transient (429: overloaded) when the policy lists it. */
export function v2StatusMeaning(status: number, rules: V2StatusRules): V2StatusMeaning {
  const fixed = (v2StatusTable as Readonly<Record<number, V2StatusMeaning>>)[status];
  if (fixed !== undefined) return fixed;
  if (!rules.transientStatusCodes.includes(status)) return "unexpected";
  return status === 429 ? "overloaded" : "transient";
}

/**
 * A non-2xx status as a backend failure; undefined for the answers (404, 400 with a cursor),
 * which the backend reads itself. Retry-After counts where the policy lists the status.
 */
export function v2Failure(
  status: number,
  headers: Headers,
  { rules, epochMs }: { rules: V2StatusRules; epochMs: number },
): BackendFailure {
  const meaning = v2StatusMeaning(status, rules);
  const retryAfterMs = rules.retryAfterStatusCodes.includes(status)
    ? parseRetryAfter(headers.get("retry-after"), epochMs)
    : undefined;
  const after = retryAfterMs === undefined ? {} : { retryAfterMs };
  switch (meaning) {
    case "rebuilding":
      return { kind: "rebuilding", reason: "reindexing (409)", ...after };
    case "overloaded":
      return { kind: "overloaded", reason: `load shedding (${status})`, ...after };
    case "transient":
      return {
        kind: "transient",
        reason: status === 408 ? "timed out (408)" : `server error (${status})`,
        ...after,
      };
    case "unauthorized":
      return {
        kind: "unauthorized",
        reason: "unauthorized (401): the caller's credentials were refused",
      };
    case "forbidden":
      return { kind: "forbidden", reason: "forbidden (403)" };
    case "rejected":
      return { kind: "failed", cause: "rejected", reason: "bad request (400)" };
    case "not_found":
      // Only a document read gets here (search reads 404 as no_match itself).
      return { kind: "failed", cause: "rejected", reason: "not found (404)" };
    case "unexpected":
      return { kind: "failed", cause: "rejected", reason: `unexpected status ${status}` };
  }
}
