import type { BackendFailure } from "../backend/search-backend.js";
import {
  type PostgresErrorRow,
  postgresDriverErrorTable,
  postgresErrorClassTable,
  postgresErrorTable,
} from "./postgres-error-table.js";

const sqlstatePattern = /^[0-9A-Z]{5}$/;

/** An error's SQLSTATE when the server sent one, else its driver code, else undefined. */
export function postgresErrorCode(error: unknown): string | undefined {
  if (typeof error !== "object" || error === null) return undefined;
  const code = (error as { code?: unknown }).code;
  return typeof code === "string" && code !== "" ? code : undefined;
}

/**
 * What an error thrown by the driver means for the attempt, by the tables beside this file. The
 * reason names the code and its condition, never the server's message (it may quote a value).
 * An error no table knows is transient: a backend that throws is never "nothing matched".
 */
export function postgresFailureOf(
  error: unknown,
  options: { asEndUser: boolean },
): BackendFailure & { status: string } {
  const code = postgresErrorCode(error);
  const message = error instanceof Error ? error.message : "";
  let row: PostgresErrorRow | undefined;
  let status = code ?? "error";
  const isSqlstate =
    code !== undefined &&
    !Object.hasOwn(postgresDriverErrorTable, code) &&
    sqlstatePattern.test(code);
  if (code !== undefined && isSqlstate) {
    row = postgresErrorTable[code] ?? postgresErrorClassTable[code.slice(0, 2)];
  } else if (code !== undefined) {
    // Node's codes first: EPIPE is five capitals too, but no SQLSTATE class starts with E.
    row = postgresDriverErrorTable[code];
  } else if (message.startsWith("Connection terminated")) {
    row = postgresDriverErrorTable["Connection terminated"];
    status = "network";
  }
  if (row === undefined) {
    return { kind: "transient", reason: `unexpected error (${status})`, status };
  }
  const failure = (options.asEndUser ? row.asEndUser : undefined) ?? row.failure;
  const reason =
    code !== undefined && isSqlstate
      ? `SQLSTATE ${code} ${row.condition}`
      : `network error (${code ?? row.condition})`;
  return { ...failure, reason, status };
}
