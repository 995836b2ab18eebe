import { SearchDocsError } from "./search-docs-error.js";

const marker = "search-docs.error.store-timeout";
const symbol = Symbol.for(marker);

/**
 * A shared store (the ref store, the reindex memory: Redis, say) did not answer within the time
 * it was given. The call goes on without it; the trace says so.
 */
export class StoreTimeoutError extends SearchDocsError {
  readonly [symbol] = true;
  readonly waitMs: number;

  constructor({ waitMs }: { waitMs: number }) {
    super(`no answer within ${Math.round(waitMs)} ms`);
    this.name = "StoreTimeoutError";
    this.waitMs = waitMs;
  }

  static override isInstance(error: unknown): error is StoreTimeoutError {
    return SearchDocsError.hasMarker(error, marker);
  }
}
