import type { BackendFailure } from "../backend/search-backend.js";
import { failureWith, labelOf, type StatusRow, statusRow } from "../backend-kit/status-table.js";
import {
  postgresDriverErrorTable,
  postgresEndUserErrorTable,
  postgresErrorClassTable,
  postgresErrorTable,
} from "./postgres-error-table.js";
import { postgresSemanticErrorTable } from "./postgres-semantic-error-table.js";

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
  options: { asEndUser: boolean; semantic?: boolean },
): BackendFailure & { status: string } {
  const code = postgresErrorCode(error);
  // Node's codes first: EPIPE is five capitals too, but no SQLSTATE class starts with E.
  const driverRow =
    code !== undefined
      ? statusRow(postgresDriverErrorTable, code)
      : error instanceof Error && error.message.startsWith("Connection terminated")
        ? statusRow(postgresDriverErrorTable, "network")
        : undefined;
  if (driverRow !== undefined) {
    const reason = `network error (${code ?? driverRow.label})`;
    return { ...failureWith(driverRow.meaning, reason, undefined), status: code ?? "network" };
  }
  const row =
    code !== undefined && sqlstatePattern.test(code) ? sqlstateRow(code, options) : undefined;
  if (code === undefined || row === undefined) {
    const status = code ?? "error";
    return { kind: "transient", reason: `unexpected error (${status})`, status };
  }
  const reason = `SQLSTATE ${code} ${labelOf(row, code)}`;
  return { ...failureWith(row.meaning, reason, undefined), status: code };
}

/** The code's own row (the end user's first when the attempt runs as the end user), else its class's. */
function sqlstateRow(
  code: string,
  { asEndUser, semantic }: { asEndUser: boolean; semantic?: boolean },
): StatusRow | undefined {
  return (
    (semantic === true ? statusRow(postgresSemanticErrorTable, code) : undefined) ??
    (asEndUser ? statusRow(postgresEndUserErrorTable, code) : undefined) ??
    statusRow(postgresErrorTable, code) ??
    statusRow(postgresErrorClassTable, code)
  );
}
