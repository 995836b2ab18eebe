import { SearchDocsError } from "./search-docs-error.js";

const marker = "search-docs.error.eval-query";
const symbol = Symbol.for(marker);

/**
 * A query set `evaluateRetrieval` cannot score: a malformed line, an unknown area, a drafted set
 * offered as a measurement. `source` and `line` say where (`queries.jsonl:12`); nothing was run.
 */
export class EvalQueryError extends SearchDocsError {
  readonly [symbol] = true;
  readonly source: string;
  /** 1-based line of the file (or index + 1 of an array); undefined for the set as a whole. */
  readonly line: number | undefined;

  constructor({ source, line, message }: { source: string; line?: number; message: string }) {
    super(`${line === undefined ? source : `${source}:${line}`}: ${message}`);
    this.name = "EvalQueryError";
    this.source = source;
    this.line = line;
  }

  static override isInstance(error: unknown): error is EvalQueryError {
    return SearchDocsError.hasMarker(error, marker);
  }
}
