import type { BackendFailure } from "../backend/search-backend.js";

// What PostgreSQL's errors mean for one attempt (DESIGN.md section 2, the PostgreSQL column).
// SQLSTATEs are cited to the error-code appendix,
// https://www.postgresql.org/docs/current/errcodes-appendix.html ("Appendix A"); driver errors to
// node-postgres and Node's own error codes. The trap: no row here is ever "nothing matched" —
// a table that is gone, or a grant that was revoked, must never read as an empty search.

/** One row: what the attempt reports, and the page that says what the code means. */
export interface PostgresErrorRow {
  /** The condition name of Appendix A (or the driver's), for reasons and traces. */
  condition: string;
  failure: BackendFailure;
  /**
   * When `prepareAttempt` is set the attempt runs as the end user (`SET LOCAL ROLE`, claims), so a
   * refusal is about that user, not about the app: this failure then replaces `failure`.
   */
  asEndUser?: BackendFailure;
  cite: string;
}

const appendix = "PostgreSQL Appendix A, PostgreSQL Error Codes";

/** SQLSTATE → failure, exact codes first. */
export const postgresErrorTable: Readonly<Record<string, PostgresErrorRow>> = Object.freeze({
  // A rebuild (a table swap, REINDEX, VACUUM FULL, a migration) holds an ACCESS EXCLUSIVE lock; our lock_timeout ends the wait.
  "55P03": {
    condition: "lock_not_available",
    failure: { kind: "rebuilding" },
    cite: `${appendix}, Class 55 — Object Not In Prerequisite State`,
  },
  "53300": {
    condition: "too_many_connections",
    failure: { kind: "overloaded" },
    cite: `${appendix}, Class 53 — Insufficient Resources`,
  },
  "57P03": {
    condition: "cannot_connect_now",
    failure: { kind: "overloaded" },
    cite: `${appendix}, Class 57 — Operator Intervention (the server is starting up or shutting down)`,
  },
  "57P01": {
    condition: "admin_shutdown",
    failure: { kind: "transient" },
    cite: `${appendix}, Class 57 — Operator Intervention`,
  },
  "57P02": {
    condition: "crash_shutdown",
    failure: { kind: "transient" },
    cite: `${appendix}, Class 57 — Operator Intervention`,
  },
  // Our own statement_timeout (set from the time left) or our own cancel request: the deadline holds.
  "57014": {
    condition: "query_canceled",
    failure: { kind: "transient" },
    cite: `${appendix}, Class 57 — Operator Intervention`,
  },
  "40001": {
    condition: "serialization_failure",
    failure: { kind: "transient" },
    cite: `${appendix}, Class 40 — Transaction Rollback`,
  },
  "40P01": {
    condition: "deadlock_detected",
    failure: { kind: "transient" },
    cite: `${appendix}, Class 40 — Transaction Rollback`,
  },
  // As the end user's role: this user may not read the table. As the app's role: its grant is gone, a misconfiguration.
  "42501": {
    condition: "insufficient_privilege",
    failure: { kind: "failed", cause: "misconfigured" },
    asEndUser: { kind: "forbidden" },
    cite: `${appendix}, Class 42 — Syntax Error or Access Rule Violation`,
  },
  // A wrong password and an unknown user both give 28P01 (measured on PostgreSQL 15).
  "28P01": {
    condition: "invalid_password",
    failure: { kind: "unauthorized" },
    cite: `${appendix}, Class 28 — Invalid Authorization Specification`,
  },
  "28000": {
    condition: "invalid_authorization_specification",
    failure: { kind: "unauthorized" },
    cite: `${appendix}, Class 28 — Invalid Authorization Specification`,
  },
  "42P01": {
    condition: "undefined_table",
    failure: { kind: "failed", cause: "misconfigured" },
    cite: `${appendix}, Class 42 — Syntax Error or Access Rule Violation`,
  },
  "42703": {
    condition: "undefined_column",
    failure: { kind: "failed", cause: "misconfigured" },
    cite: `${appendix}, Class 42 — Syntax Error or Access Rule Violation`,
  },
  // An unknown text search configuration (the `language` option) among others.
  "42704": {
    condition: "undefined_object",
    failure: { kind: "failed", cause: "misconfigured" },
    cite: `${appendix}, Class 42 — Syntax Error or Access Rule Violation`,
  },
  "3D000": {
    condition: "invalid_catalog_name",
    failure: { kind: "failed", cause: "misconfigured" },
    cite: `${appendix}, Class 3D — Invalid Catalog Name (the database does not exist)`,
  },
});

/** SQLSTATE class (its first two characters) → failure, for codes without a row of their own. */
export const postgresErrorClassTable: Readonly<Record<string, PostgresErrorRow>> = Object.freeze({
  "08": {
    condition: "connection_exception",
    failure: { kind: "transient" },
    cite: `${appendix}, Class 08 — Connection Exception`,
  },
  "53": {
    condition: "insufficient_resources",
    failure: { kind: "overloaded" },
    cite: `${appendix}, Class 53 — Insufficient Resources`,
  },
  "57": {
    condition: "operator_intervention",
    failure: { kind: "transient" },
    cite: `${appendix}, Class 57 — Operator Intervention`,
  },
  "58": {
    condition: "system_error",
    failure: { kind: "transient" },
    cite: `${appendix}, Class 58 — System Error (errors external to PostgreSQL itself)`,
  },
  "40": {
    condition: "transaction_rollback",
    failure: { kind: "transient" },
    cite: `${appendix}, Class 40 — Transaction Rollback`,
  },
  // Our SQL is fixed; a syntax or access error in it comes from the table's layout or the options.
  "42": {
    condition: "syntax_error_or_access_rule_violation",
    failure: { kind: "failed", cause: "misconfigured" },
    cite: `${appendix}, Class 42 — Syntax Error or Access Rule Violation`,
  },
  // A column of another type than the layout says (a uuid document id given a name, say).
  "22": {
    condition: "data_exception",
    failure: { kind: "failed", cause: "rejected" },
    cite: `${appendix}, Class 22 — Data Exception`,
  },
});

/**
 * Errors the driver raises without a SQLSTATE: Node's socket errors by `code`, node-postgres's
 * own by a fixed message. A connection refused, reset or lost is a transient fault.
 */
export const postgresDriverErrorTable: Readonly<Record<string, PostgresErrorRow>> = Object.freeze({
  ECONNREFUSED: {
    condition: "connection refused",
    failure: { kind: "transient" },
    cite: "Node.js Errors, Common system errors: ECONNREFUSED",
  },
  ECONNRESET: {
    condition: "connection reset",
    failure: { kind: "transient" },
    cite: "Node.js Errors, Common system errors: ECONNRESET",
  },
  EPIPE: {
    condition: "broken pipe",
    failure: { kind: "transient" },
    cite: "Node.js Errors, Common system errors: EPIPE",
  },
  ETIMEDOUT: {
    condition: "connect timed out",
    failure: { kind: "transient" },
    cite: "Node.js Errors, Common system errors: ETIMEDOUT",
  },
  EHOSTUNREACH: {
    condition: "host unreachable",
    failure: { kind: "transient" },
    cite: "Node.js Errors, Common system errors (EHOSTUNREACH)",
  },
  ENOTFOUND: {
    condition: "host not found",
    failure: { kind: "transient" },
    cite: "Node.js Errors, Common system errors: ENOTFOUND (DNS)",
  },
  // node-postgres: "Connection terminated unexpectedly", "Connection terminated due to connection timeout".
  "Connection terminated": {
    condition: "connection terminated",
    failure: { kind: "transient" },
    cite: "node-postgres lib/client.js: the server closed the connection",
  },
});
