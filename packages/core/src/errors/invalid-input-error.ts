import { SearchDocsError } from "./search-docs-error.js";

const marker = "search-docs.error.invalid-input";
const symbol = Symbol.for(marker);

/**
 * The call itself is wrong (a programmer's or a model's mistake): nothing was sent upstream.
 * `field` names the offending input, e.g. "query", "area", "ref" or "caller".
 */
export class InvalidInputError extends SearchDocsError {
  readonly [symbol] = true;
  readonly field: string;

  constructor({ field, message }: { field: string; message: string }) {
    super(message);
    this.name = "InvalidInputError";
    this.field = field;
  }

  static override isInstance(error: unknown): error is InvalidInputError {
    return SearchDocsError.hasMarker(error, marker);
  }
}
