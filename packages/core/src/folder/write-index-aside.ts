import { randomBytes } from "node:crypto";
import {
  closeSync,
  copyFileSync,
  fsyncSync,
  openSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
} from "node:fs";
import { basename, dirname, join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { indexSchemaVersion, schemaSql } from "./index-schema.js";

export interface AsideOptions {
  /** Start from a copy of the index in place (a refresh); else from an empty index. */
  reuse: boolean;
  /** Written into a new index's meta table (the root it was built for). */
  meta: Record<string, string>;
}

/**
 * Writes a new index ASIDE (a temporary file beside the index, starting from a copy of the previous
 * one when it is reused) and renames it over the old one in one step: a search never sees a
 * half-built index, and a connection already open keeps reading the file it opened. On any error
 * the temporary file is removed and the index in place is untouched.
 */
export async function writeIndexAside<T>(
  indexPath: string,
  options: AsideOptions,
  fill: (database: DatabaseSync) => Promise<T>,
): Promise<{ filled: T; totals: { files: number; sections: number } }> {
  const temporary = `${indexPath}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`;
  let database: DatabaseSync | undefined;
  try {
    if (options.reuse) copyFileSync(indexPath, temporary);
    database = new DatabaseSync(temporary);
    // A temporary file: a crash loses it, never the index in place. So no journal, no syncs
    // while building; one fsync before the rename.
    database.exec(
      "PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF; PRAGMA cache_size = -16000;",
    );
    if (!options.reuse) {
      database.exec(schemaSql);
      setMeta(database, { schema: indexSchemaVersion, ...options.meta });
    }
    const filled = await fill(database);
    const totals = database
      .prepare(
        "SELECT (SELECT count(*) FROM files) AS files, (SELECT count(*) FROM sections) AS sections",
      )
      .get() as { files: number; sections: number };
    setMeta(database, {
      build: randomBytes(8).toString("hex"),
      built_at: new Date().toISOString(),
    });
    if (!options.reuse) {
      database.exec("INSERT INTO sections_fts (sections_fts) VALUES ('optimize')");
    }
    database.close();
    database = undefined;
    const descriptor = openSync(temporary, "r+");
    try {
      fsyncSync(descriptor);
    } finally {
      closeSync(descriptor);
    }
    renameSync(temporary, indexPath);
    return { filled, totals };
  } catch (error) {
    database?.close();
    rmSync(temporary, { force: true });
    throw error;
  }
}

// A copy older than this was left by a process that died mid-run (no run takes an hour).
const abandonedAfterMs = 60 * 60 * 1000;

/** Deletes temporary copies of this index that a killed process left beside it. */
export function removeAbandonedCopies(indexPath: string): void {
  const prefix = `${basename(indexPath)}.`;
  try {
    for (const name of readdirSync(dirname(indexPath))) {
      if (!name.startsWith(prefix) || !name.endsWith(".tmp")) continue;
      const path = join(dirname(indexPath), name);
      if (Date.now() - statSync(path).mtimeMs > abandonedAfterMs) rmSync(path, { force: true });
    }
  } catch {
    // Best effort: a copy that cannot be listed or removed costs disk space, never a run.
  }
}

export function setMeta(database: DatabaseSync, values: Record<string, string>): void {
  const upsert = database.prepare(
    "INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
  );
  for (const [key, value] of Object.entries(values)) upsert.run(key, value);
}
