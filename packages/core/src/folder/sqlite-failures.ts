import type { BackendFailure } from "../backend/search-backend.js";

/**
 * SQLite's primary result codes (https://sqlite.org/rescode.html) → what the attempt tells core.
 * Codes not listed are transient (DESIGN §2: a backend error is transient unless it says more).
 */
export const sqliteFailures: Readonly<Record<number, BackendFailure>> = Object.freeze({
  // SQLITE_ERROR (1): a missing table or column — an index of the wrong shape, never "no match".
  1: { kind: "failed", cause: "misconfigured" },
  // SQLITE_PERM (3): access permission denied.
  3: { kind: "failed", cause: "misconfigured" },
  // SQLITE_BUSY (5): the file is locked by another connection; it clears.
  5: { kind: "transient" },
  // SQLITE_LOCKED (6): a conflict within this process; it clears.
  6: { kind: "transient" },
  // SQLITE_NOMEM (7): out of memory, for now.
  7: { kind: "transient" },
  // SQLITE_INTERRUPT (9): the operation was interrupted.
  9: { kind: "transient" },
  // SQLITE_IOERR (10): the OS reported an I/O error.
  10: { kind: "transient" },
  // SQLITE_CORRUPT (11): the index file is damaged; `search-docs index` rebuilds it.
  11: { kind: "failed", cause: "malformed" },
  // SQLITE_CANTOPEN (14): the index file cannot be opened (permissions, a folder in its place).
  14: { kind: "failed", cause: "misconfigured" },
  // SQLITE_SCHEMA (17): the schema changed under a statement; prepared again next time.
  17: { kind: "transient" },
  // SQLITE_AUTH (23): an authorizer denied the statement.
  23: { kind: "failed", cause: "misconfigured" },
  // SQLITE_NOTADB (26): the file is not a SQLite database.
  26: { kind: "failed", cause: "malformed" },
});

const names: Readonly<Record<number, string>> = Object.freeze({
  1: "SQLITE_ERROR",
  3: "SQLITE_PERM",
  5: "SQLITE_BUSY",
  6: "SQLITE_LOCKED",
  7: "SQLITE_NOMEM",
  9: "SQLITE_INTERRUPT",
  10: "SQLITE_IOERR",
  11: "SQLITE_CORRUPT",
  14: "SQLITE_CANTOPEN",
  17: "SQLITE_SCHEMA",
  23: "SQLITE_AUTH",
  26: "SQLITE_NOTADB",
});

/** The failure for an error node:sqlite threw, and the status to trace it by. */
export function sqliteFailure(
  error: unknown,
  doing: string,
): { failure: BackendFailure; status: string } {
  const sqlite = error as { code?: unknown; errcode?: unknown; errstr?: unknown } | undefined;
  if (sqlite?.code !== "ERR_SQLITE_ERROR" || typeof sqlite.errcode !== "number") {
    const code = (error as NodeJS.ErrnoException | undefined)?.code;
    return {
      failure: {
        kind: "transient",
        reason: `${doing}: ${typeof code === "string" ? code : "error"}`,
      },
      status: typeof code === "string" ? code : "error",
    };
  }
  // Extended codes carry the primary code in their low byte.
  const primary = sqlite.errcode & 0xff;
  const status = names[primary] ?? `SQLITE_${primary}`;
  const mapped = sqliteFailures[primary] ?? { kind: "transient" };
  const detail = typeof sqlite.errstr === "string" ? sqlite.errstr : status;
  return { failure: { ...mapped, reason: `${doing}: ${status} (${detail})` }, status };
}
