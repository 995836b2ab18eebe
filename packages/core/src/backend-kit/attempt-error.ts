import { SearchDocsError } from "../errors/search-docs-error.js";

/** What stopped a body read: a body past its bound, or a stream that broke after the headers. */
export type BodyReadFailure =
  | { kind: "too_large"; limitBytes: number }
  | { kind: "network"; afterHeaders: true };

const marker = "search-docs.error.attempt";
const symbol = Symbol.for(marker);

/**
 * A body read that stopped early: cut short after the headers, or past its bound. Thrown by
 * `readBody` and caught by `sendRequest`, which answers it as the attempt's failure (transient,
 * or too_large); it never leaves the backend. Holds no URL path, body or credential.
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
