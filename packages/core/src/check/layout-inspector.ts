import type { Caller } from "../contract/caller.js";
import type { CheckRow } from "./check-report.js";

/** What an engine's own settings say about one collection's record layout. */
export interface LayoutFinding {
  /** Undefined when the engine has no layout to report (a folder): no row is printed. */
  state?: CheckRow["state"];
  detail: string;
  fix?: string;
  /** The collection itself is not there (no table, no rows for its collection_id). */
  collectionMissing?: boolean;
  /** A title found in the collection, to probe with (it matches by construction). */
  sampleTitle?: string;
}

/**
 * An engine's optional layout inspection, loaded only for that engine (`pg` only for
 * PostgreSQL). It reads the engine's settings with the caller's own credential; where that key
 * may not read settings, the finding is a skip and get_document below still proves the layout.
 */
export interface LayoutInspector {
  inspect(collectionId: string, caller: Caller): Promise<LayoutFinding>;
  /** The fix when get_document cannot find the first hit's document: its filter field. */
  documentFix(collectionId: string): string;
  close(): Promise<void>;
}
