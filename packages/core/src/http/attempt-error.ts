import { SearchDocsError } from "../errors/search-docs-error.js";

/** What stopped a body read: a body past its bound, or a stream that broke after the headers. */
export type BodyReadFailure =
  | { kind: "too_large"; limitBytes: number }
  | { kind: "network"; afterHeaders: true };

const marker = "search-docs.error.attempt";
const symbol = Symbol.for(marker);

/**
 * One upstream attempt that came to something other than a usable status: a body cut short, a
 * body too large, a redirect. Thrown inside the attempt, so ky's retry path hands it to the retry
 * decision like any other failed attempt; it never leaves the client (the collection becomes
 * unavailable, or the attempt is retried). Holds no URL path, body or credential.
 */
export class AttemptError extends SearchDocsError {
  readonly [symbol] = true;
  readonly outcome: BodyReadFailure;

  constructor(outcome: BodyReadFailure, options?: { cause?: unknown }) {
    super(`upstream attempt failed: ${outcome.kind}`, options);
    this.name = "AttemptError";
    this.outcome = outcome;
  }

  static override isInstance(error: unknown): error is AttemptError {
    return SearchDocsError.hasMarker(error, marker);
  }
}
