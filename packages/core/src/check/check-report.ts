/** What `search-docs check` verifies, in the order a request meets it. */
export const checkSteps = {
  index: "folder index",
  reach: "reaches the engine",
  credentials: "credentials accepted",
  collection: "collection exists",
  layout: "record layout",
  semantic: "semantic stage",
  probe: "probe search answers",
  document: "get_document answers",
} as const;

export type CheckStep = keyof typeof checkSteps;

/**
 * One line of the check: `fail` always carries the one change that fixes it; `skip` says why
 * it was not tried (an earlier step failed, or the key may not read the engine's settings).
 */
export interface CheckRow {
  area: string;
  collectionId: string;
  step: CheckStep;
  state: "pass" | "fail" | "skip";
  /** What was seen: counts, titles, field names. Never a credential, never a document's text. */
  detail: string;
  fix?: string;
}

export interface CheckReport {
  engine: string;
  /** Where, as the start line names it (never a credential). */
  origin: string;
  /** The probe query used where none was found in the records. */
  query: string | undefined;
  rows: CheckRow[];
  /** True only when no row failed. */
  passed: boolean;
}

/** Exit codes of `check`, for scripts; the CLI's `--help` prints them with the others. */
export const checkExitCodes = {
  passed: 0,
  configuration: 2,
  failed: 7,
} as const;
