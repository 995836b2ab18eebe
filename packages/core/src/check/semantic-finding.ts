import type { Caller } from "../contract/caller.js";
import type { CheckRow } from "./check-report.js";

/** What the engine's own settings say of the embedder or field the semantic option names. */
export interface SemanticFinding {
  state: CheckRow["state"];
  /** What was seen: names, sources, dimensions. Never a credential (an embedder's `apiKey`). */
  detail: string;
  fix?: string;
}

/**
 * An engine's semantic inspection, loaded only when the app configured a semantic first stage.
 * It reads the settings with the caller's own credential, as the layout inspection does.
 */
export interface SemanticInspector {
  inspect(collectionId: string, caller: Caller): Promise<SemanticFinding>;
}

/**
 * The key may not read the settings (a search key): nothing is concluded, and above all not
 * "missing" — the probe below runs the semantic search, and its failure says what it says.
 */
export function settingsRefused(status: number, what: string, privilege: string): SemanticFinding {
  return {
    state: "skip",
    detail: `${what} not read (${status}: the key lacks ${privilege}); the probe below runs the semantic search`,
  };
}

/** Anything else the engine answered (an error, a body of another shape): not concluded either. */
export function settingsUnread(what: string, status: number): SemanticFinding {
  return { state: "skip", detail: `${what} not read (${status}); the probe below speaks` };
}

/**
 * The app's `dimensions` against the engine's: a query vector of the app's length would be
 * refused by the engine (or by the backend, before it is sent), so the two must agree.
 */
export function dimensionsMismatch(
  configured: number | undefined,
  engine: number | undefined,
  what: string,
): SemanticFinding | undefined {
  if (configured === undefined || engine === undefined || configured === engine) return undefined;
  return {
    state: "fail",
    detail: `${what} has ${engine} dimensions; semantic.dimensions says ${configured}`,
    fix: `set semantic.dimensions to ${engine}, with an embed from the model the index was built with (its vectors have ${engine} numbers)`,
  };
}

/** `, 384 dimensions` when known: the reader compares it with their model's. */
export function dimensionsNote(dimensions: number | undefined): string {
  return dimensions === undefined ? "" : `, ${dimensions} dimensions`;
}

/** A whole number the engine gave, or undefined. */
export function countOf(value: unknown): number | undefined {
  return typeof value === "number" && Number.isInteger(value) && value > 0 ? value : undefined;
}
