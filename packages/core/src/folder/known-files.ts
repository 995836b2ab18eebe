import { statSync } from "node:fs";
import { DatabaseSync } from "node:sqlite";
import { indexSchemaVersion } from "./index-schema.js";
import type { WalkEvent } from "./walk-folder.js";

/**
 * What the index in place holds: its files by (mtime, size), and the files it skipped when read by
 * (mtime, size, ctime) — ctime, so a file made readable (chmod) is read again.
 */
export interface Known {
  files: Map<string, { mtimeMs: number; size: number }>;
  skipped: Map<string, { mtimeMs: number; size: number; ctimeMs: number; reason: string }>;
}

export type PreviousIndex =
  | { reusable: true; known: Known; totals: { files: number; sections: number } }
  | { reusable: false; reason: string };

export function emptyKnown(): Known {
  return { files: new Map(), skipped: new Map() };
}

export const same = (
  before: { mtimeMs: number; size: number } | undefined,
  now: { mtimeMs: number; size: number },
) => before !== undefined && before.mtimeMs === now.mtimeMs && before.size === now.size;

export const sameSkipped = (
  before: { mtimeMs: number; size: number; ctimeMs: number } | undefined,
  now: { mtimeMs: number; size: number; ctimeMs: number },
) => same(before, now) && before?.ctimeMs === now.ctimeMs;

/** Whether any file is new, changed or gone since the index in place was built. */
export function changedSince(events: readonly WalkEvent[], known: Known): boolean {
  let present = 0;
  for (const event of events) {
    if (event.kind === "skip") continue;
    const { file } = event;
    if (same(known.files.get(file.path), file)) present++;
    else if (sameSkipped(known.skipped.get(file.path), file)) present++;
    else return true;
  }
  return present !== known.files.size + known.skipped.size;
}

/** The index in place, when it can be refreshed: what it holds; or why it must be rebuilt. */
export function readPrevious(indexPath: string, root: string): PreviousIndex {
  try {
    statSync(indexPath);
  } catch {
    return { reusable: false, reason: "no index yet" };
  }
  let database: DatabaseSync | undefined;
  try {
    database = new DatabaseSync(indexPath, { readOnly: true });
    const rows = database.prepare("SELECT key, value FROM meta").all() as {
      key: string;
      value: string;
    }[];
    const meta = new Map(rows.map((row) => [row.key, row.value]));
    if (meta.get("schema") !== indexSchemaVersion) {
      return { reusable: false, reason: "index format changed" };
    }
    if (meta.get("root") !== root) {
      return { reusable: false, reason: "index was built for another folder" };
    }
    const known = emptyKnown();
    for (const row of database.prepare("SELECT path, mtime_ms, size FROM files").all() as {
      path: string;
      mtime_ms: number;
      size: number;
    }[]) {
      known.files.set(row.path, { mtimeMs: row.mtime_ms, size: row.size });
    }
    for (const row of database
      .prepare("SELECT path, mtime_ms, size, ctime_ms, reason FROM skipped")
      .all() as {
      path: string;
      mtime_ms: number;
      size: number;
      ctime_ms: number;
      reason: string;
    }[]) {
      known.skipped.set(row.path, {
        mtimeMs: row.mtime_ms,
        size: row.size,
        ctimeMs: row.ctime_ms,
        reason: row.reason,
      });
    }
    const { sections } = database.prepare("SELECT count(*) AS sections FROM sections").get() as {
      sections: number;
    };
    return { reusable: true, known, totals: { files: known.files.size, sections } };
  } catch {
    return { reusable: false, reason: "previous index unreadable" };
  } finally {
    database?.close();
  }
}
