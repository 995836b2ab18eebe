import type { StatusRow } from "../backend-kit/status-table.js";

// What PostgreSQL's errors mean for one attempt (DESIGN.md section 2, the PostgreSQL column), as
// the backend kit's status rows: `status` is the SQLSTATE (a class where `x` stands for any
// character), `label` its condition name. SQLSTATEs are cited to the error-code appendix,
// https://www.postgresql.org/docs/current/errcodes-appendix.html ("Appendix A"); driver errors to
// node-postgres and Node's own error codes. The trap: no row here is ever "nothing matched" —
// a table that is gone, or a grant that was revoked, must never read as an empty search.

/** A row of these tables: the backend kit's one status row. */
export type PostgresErrorRow = StatusRow;

const appendix = "PostgreSQL Appendix A, PostgreSQL Error Codes";

/** SQLSTATE → failure, one row per code; first match wins. */
export const postgresErrorTable: readonly StatusRow[] = Object.freeze([
  // A rebuild (a table swap, REINDEX, VACUUM FULL, a migration) holds an ACCESS EXCLUSIVE lock; our lock_timeout ends the wait.
  {
    status: "55P03",
    meaning: { kind: "rebuilding" },
    label: "lock_not_available",
    source: `${appendix}, Class 55 — Object Not In Prerequisite State`,
  },
  {
    status: "53300",
    meaning: { kind: "overloaded" },
    label: "too_many_connections",
    source: `${appendix}, Class 53 — Insufficient Resources`,
  },
  {
    status: "57P03",
    meaning: { kind: "overloaded" },
    label: "cannot_connect_now",
    source: `${appendix}, Class 57 — Operator Intervention (the server is starting up or shutting down)`,
  },
  {
    status: "57P01",
    meaning: { kind: "transient" },
    label: "admin_shutdown",
    source: `${appendix}, Class 57 — Operator Intervention`,
  },
  {
    status: "57P02",
    meaning: { kind: "transient" },
    label: "crash_shutdown",
    source: `${appendix}, Class 57 — Operator Intervention`,
  },
  // Our own statement_timeout (set from the time left) or our own cancel request: the deadline holds.
  {
    status: "57014",
    meaning: { kind: "transient" },
    label: "query_canceled",
    source: `${appendix}, Class 57 — Operator Intervention`,
  },
  {
    status: "40001",
    meaning: { kind: "transient" },
    label: "serialization_failure",
    source: `${appendix}, Class 40 — Transaction Rollback`,
  },
  {
    status: "40P01",
    meaning: { kind: "transient" },
    label: "deadlock_detected",
    source: `${appendix}, Class 40 — Transaction Rollback`,
  },
  // As the end user's role: this user may not read the table. As the app's role: its grant is gone, a misconfiguration.
  {
    status: "42501",
    meaning: { kind: "failed", cause: "misconfigured" },
    label: "insufficient_privilege",
    source: `${appendix}, Class 42 — Syntax Error or Access Rule Violation`,
  },
  // A wrong password and an unknown user both give 28P01 (measured on PostgreSQL 15).
  {
    status: "28P01",
    meaning: { kind: "unauthorized" },
    label: "invalid_password",
    source: `${appendix}, Class 28 — Invalid Authorization Specification`,
  },
  {
    status: "28000",
    meaning: { kind: "unauthorized" },
    label: "invalid_authorization_specification",
    source: `${appendix}, Class 28 — Invalid Authorization Specification`,
  },
  {
    status: "42P01",
    meaning: { kind: "failed", cause: "misconfigured" },
    label: "undefined_table",
    source: `${appendix}, Class 42 — Syntax Error or Access Rule Violation`,
  },
  {
    status: "42703",
    meaning: { kind: "failed", cause: "misconfigured" },
    label: "undefined_column",
    source: `${appendix}, Class 42 — Syntax Error or Access Rule Violation`,
  },
  // An unknown text search configuration (the `language` option) among others.
  {
    status: "42704",
    meaning: { kind: "failed", cause: "misconfigured" },
    label: "undefined_object",
    source: `${appendix}, Class 42 — Syntax Error or Access Rule Violation`,
  },
  {
    status: "3D000",
    meaning: { kind: "failed", cause: "misconfigured" },
    label: "invalid_catalog_name",
    source: `${appendix}, Class 3D — Invalid Catalog Name (the database does not exist)`,
  },
]);

/**
 * When `prepareAttempt` is set the attempt runs as the end user (`SET LOCAL ROLE`, claims), so a
 * refusal is about that user, not about the app: these rows are read before postgresErrorTable.
 */
export const postgresEndUserErrorTable: readonly StatusRow[] = Object.freeze([
  {
    status: "42501",
    meaning: { kind: "forbidden" },
    label: "insufficient_privilege",
    source: `${appendix}, Class 42 — Syntax Error or Access Rule Violation`,
  },
]);

/** SQLSTATE class (its first two characters) → failure, for codes without a row of their own. */
export const postgresErrorClassTable: readonly StatusRow[] = Object.freeze([
  {
    status: "08xxx",
    meaning: { kind: "transient" },
    label: "connection_exception",
    source: `${appendix}, Class 08 — Connection Exception`,
  },
  {
    status: "53xxx",
    meaning: { kind: "overloaded" },
    label: "insufficient_resources",
    source: `${appendix}, Class 53 — Insufficient Resources`,
  },
  {
    status: "57xxx",
    meaning: { kind: "transient" },
    label: "operator_intervention",
    source: `${appendix}, Class 57 — Operator Intervention`,
  },
  {
    status: "58xxx",
    meaning: { kind: "transient" },
    label: "system_error",
    source: `${appendix}, Class 58 — System Error (errors external to PostgreSQL itself)`,
  },
  {
    status: "40xxx",
    meaning: { kind: "transient" },
    label: "transaction_rollback",
    source: `${appendix}, Class 40 — Transaction Rollback`,
  },
  // Our SQL is fixed; a syntax or access error in it comes from the table's layout or the options.
  {
    status: "42xxx",
    meaning: { kind: "failed", cause: "misconfigured" },
    label: "syntax_error_or_access_rule_violation",
    source: `${appendix}, Class 42 — Syntax Error or Access Rule Violation`,
  },
  // A column of another type than the layout says (a uuid document id given a name, say).
  {
    status: "22xxx",
    meaning: { kind: "failed", cause: "rejected" },
    label: "data_exception",
    source: `${appendix}, Class 22 — Data Exception`,
  },
]);

/**
 * Errors the driver raises without a SQLSTATE: Node's socket errors by `code`, node-postgres's
 * own ("Connection terminated ...", status `network`) by its fixed message. A connection
 * refused, reset or lost is a transient fault.
 */
export const postgresDriverErrorTable: readonly StatusRow[] = Object.freeze([
  {
    status: "ECONNREFUSED",
    meaning: { kind: "transient" },
    label: "connection refused",
    source: "Node.js Errors, Common system errors: ECONNREFUSED",
  },
  {
    status: "ECONNRESET",
    meaning: { kind: "transient" },
    label: "connection reset",
    source: "Node.js Errors, Common system errors: ECONNRESET",
  },
  {
    status: "EPIPE",
    meaning: { kind: "transient" },
    label: "broken pipe",
    source: "Node.js Errors, Common system errors: EPIPE",
  },
  {
    status: "ETIMEDOUT",
    meaning: { kind: "transient" },
    label: "connect timed out",
    source: "Node.js Errors, Common system errors: ETIMEDOUT",
  },
  {
    status: "EHOSTUNREACH",
    meaning: { kind: "transient" },
    label: "host unreachable",
    source: "Node.js Errors, Common system errors (EHOSTUNREACH)",
  },
  {
    status: "ENOTFOUND",
    meaning: { kind: "transient" },
    label: "host not found",
    source: "Node.js Errors, Common system errors: ENOTFOUND (DNS)",
  },
  // node-postgres: "Connection terminated unexpectedly", "Connection terminated due to connection timeout".
  {
    status: "network",
    meaning: { kind: "transient" },
    label: "connection terminated",
    source: "node-postgres lib/client.js: the server closed the connection",
  },
]);
