const marker = "search-docs.error";
const symbol = Symbol.for(marker);

/**
 * The base of every error this library throws. Messages never carry a credential.
 * `isInstance` works across copies of the package (a marker, not `instanceof`).
 */
export class SearchDocsError extends Error {
  readonly [symbol] = true;

  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "SearchDocsError";
  }

  static isInstance(error: unknown): error is SearchDocsError {
    return SearchDocsError.hasMarker(error, marker);
  }

  protected static hasMarker(error: unknown, name: string): boolean {
    return (
      typeof error === "object" &&
      error !== null &&
      Symbol.for(name) in error &&
      (error as Record<symbol, unknown>)[Symbol.for(name)] === true
    );
  }
}
