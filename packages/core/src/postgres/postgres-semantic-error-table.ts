import type { StatusRow } from "../backend-kit/status-table.js";

const appendix = "PostgreSQL Appendix A, PostgreSQL Error Codes";

/**
 * With a semantic stage (`semantic`), read before postgresErrorTable: what pgvector and the
 * column raise, each named so the trace says which fix applies. pgvector raises its dimension
 * checks as ERRCODE_DATA_EXCEPTION (22000, src/vector.c `CheckDims`, `CheckExpectedDim`); the
 * full-text statement alone raises no 22000, so here it is the vector's length, a setup to fix.
 */
export const postgresSemanticErrorTable: readonly StatusRow[] = Object.freeze([
  {
    status: "22000",
    meaning: { kind: "failed", cause: "misconfigured" },
    label: "data_exception (pgvector: the query vector's dimensions differ from the column's)",
    source:
      'pgvector src/vector.c: "different vector dimensions %d and %d", "expected %d dimensions, not %d"',
  },
  {
    status: "42704",
    meaning: { kind: "failed", cause: "misconfigured" },
    label:
      "undefined_object (type vector: is the pgvector extension installed? CREATE EXTENSION vector)",
    source: `${appendix}, Class 42; pgvector README, Getting Started`,
  },
  {
    status: "42703",
    meaning: { kind: "failed", cause: "misconfigured" },
    label: "undefined_column (the semantic column, or a column of the layout)",
    source: `${appendix}, Class 42 — Syntax Error or Access Rule Violation`,
  },
  {
    status: "42883",
    meaning: { kind: "failed", cause: "misconfigured" },
    label: "undefined_function (the semantic column is not a pgvector vector)",
    source: `${appendix}, Class 42 — Syntax Error or Access Rule Violation`,
  },
]);
