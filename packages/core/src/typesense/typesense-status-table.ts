import type { BackendFailure } from "../backend/search-backend.js";

// What Typesense's answers mean to core, as data (DESIGN.md section 2). Error bodies are
// {"message": "..."} with no code. Typesense answers 401 for EVERY auth failure — a wrong key,
// an expired scoped key, a key whose collections exclude this one — so nothing here is ever
// `forbidden` (omitted): a refused key is `unauthorized`, a typed signal for the app.

export interface TypesenseErrorRow {
  status: number | "4xx" | "5xx";
  /** A phrase the message contains (case-insensitive); absent = any message. */
  messageIncludes?: string;
  meaning: BackendFailure;
  source: string;
}

const apiErrors = "https://typesense.org/docs/latest/api/api-errors.html";
const clustering =
  "https://typesense.org/docs/guide/high-availability.html (a node not ready or lagging behind answers 503)";
const scopedKeys = "https://typesense.org/docs/latest/api/api-keys.html#generate-scoped-search-key";
const pagination =
  "https://typesense.org/docs/latest/api/search.html#pagination-parameters (per_page: at most 250)";

export const typesenseErrorTable: readonly TypesenseErrorRow[] = Object.freeze([
  {
    status: 401,
    meaning: { kind: "unauthorized" },
    source: `${apiErrors} (401: your API key is wrong); ${scopedKeys}`,
  },
  // A collection, or a field named in query_by / filter_by, that the schema lacks.
  {
    status: 404,
    meaning: { kind: "failed", cause: "misconfigured" },
    source: `${apiErrors} (404: the requested resource is not found)`,
  },
  // per_page above 250 and other well-formed requests the engine cannot process.
  { status: 422, meaning: { kind: "failed", cause: "rejected" }, source: pagination },
  {
    status: 429,
    meaning: { kind: "overloaded" },
    source: `${apiErrors}; Typesense Cloud rate limits (429 Rate limit exceeded or blocked)`,
  },
  // A node catching up after a restart or a snapshot: the collection comes back by itself.
  {
    status: 503,
    messageIncludes: "Not Ready or Lagging",
    meaning: { kind: "rebuilding" },
    source: clustering,
  },
  {
    status: 503,
    meaning: { kind: "transient" },
    source: `${apiErrors} (503: temporarily offline)`,
  },
  {
    status: "4xx",
    meaning: { kind: "failed", cause: "rejected" },
    source: `${apiErrors} (400: malformed; 409: conflict)`,
  },
  { status: "5xx", meaning: { kind: "transient" }, source: apiErrors },
]);

export function typesenseErrorMeaning(status: number, message: string | undefined): BackendFailure {
  const lowered = message?.toLowerCase();
  const row = typesenseErrorTable.find(
    (candidate) =>
      (candidate.status === status ||
        (candidate.status === "4xx" && status >= 400 && status <= 499) ||
        (candidate.status === "5xx" && status >= 500 && status <= 599)) &&
      (candidate.messageIncludes === undefined ||
        lowered?.includes(candidate.messageIncludes.toLowerCase()) === true),
  );
  return row?.meaning ?? { kind: "failed", cause: "rejected" };
}
