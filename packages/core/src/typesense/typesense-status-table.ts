import type { StatusRow } from "../backend-kit/status-table.js";
import { typesenseSemanticRows } from "./typesense-semantic-rows.js";

// What Typesense's answers mean to core, as data (DESIGN.md section 2). Error bodies are
// {"message": "..."} with no code. Typesense answers 401 for EVERY auth failure — a wrong key,
// an expired scoped key, a key whose collections exclude this one — so nothing here is ever
// `forbidden` (omitted): a refused key is `unauthorized`, a typed signal for the app.

/** A row of Typesense's table: `match` holds phrases of the message (no error code exists). */
export type TypesenseErrorRow = StatusRow;

const apiErrors = "https://typesense.org/docs/latest/api/api-errors.html";
const clustering =
  "https://typesense.org/docs/guide/high-availability.html (a node not ready or lagging behind answers 503)";
const scopedKeys = "https://typesense.org/docs/latest/api/api-keys.html#generate-scoped-search-key";
const pagination =
  "https://typesense.org/docs/latest/api/search.html#pagination-parameters (per_page: at most 250)";

export const typesenseErrorTable: readonly TypesenseErrorRow[] = Object.freeze([
  {
    status: 401,
    label: "the API key was refused (wrong, expired, or not for this collection)",
    meaning: { kind: "unauthorized" },
    source: `${apiErrors} (401: your API key is wrong); ${scopedKeys}`,
  },
  // A collection, or a field named in query_by / filter_by, that the schema lacks.
  {
    status: 404,
    label: "collection or field not found",
    meaning: { kind: "failed", cause: "misconfigured" },
    source: `${apiErrors} (404: the requested resource is not found)`,
  },
  // per_page above 250 and other well-formed requests the engine cannot process.
  {
    status: 422,
    label: "request refused",
    meaning: { kind: "failed", cause: "rejected" },
    source: pagination,
  },
  {
    status: 429,
    label: "rate limited",
    meaning: { kind: "overloaded" },
    source: `${apiErrors}; Typesense Cloud rate limits (429 Rate limit exceeded or blocked)`,
  },
  // A node catching up after a restart or a snapshot: the collection comes back by itself.
  {
    status: 503,
    match: ["Not Ready or Lagging"],
    label: "not ready or lagging",
    meaning: { kind: "rebuilding" },
    source: clustering,
  },
  {
    status: 503,
    label: "server error",
    meaning: { kind: "transient" },
    source: `${apiErrors} (503: temporarily offline)`,
  },
  ...typesenseSemanticRows,
  {
    status: "4xx",
    label: "request refused",
    meaning: { kind: "failed", cause: "rejected" },
    source: `${apiErrors} (400: malformed; 409: conflict)`,
  },
  { status: "5xx", label: "server error", meaning: { kind: "transient" }, source: apiErrors },
]);
