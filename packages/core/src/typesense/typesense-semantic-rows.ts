import type { StatusRow } from "../backend-kit/status-table.js";

// What Typesense answers a vector search it cannot run: 400s with no code, only a message, so the
// rows match a phrase of it — the messages `Collection::search` (typesense/typesense,
// src/collection.cpp) returns, documented with the parameters at
// https://typesense.org/docs/29.0/api/vector-search.html. Each is a setup mistake: `failed`,
// never retried, `unavailable` to the model, never an empty answer; the label is the cause the
// trace gives, since Typesense has no code to show.

const source =
  "https://typesense.org/docs/29.0/api/vector-search.html; typesense/typesense src/collection.cpp (Collection::search)";

export const typesenseSemanticRows: readonly StatusRow[] = Object.freeze([
  // "Field `embedding` does not have a vector query index.": not a float[] field with num_dim.
  {
    status: 400,
    match: ["does not have a vector query index"],
    label: "the embedding field is not a vector field",
    meaning: { kind: "failed", cause: "misconfigured" },
    source,
  },
  // "Query field `embedding` must have 768 dimensions.": the query vector's length is not num_dim.
  {
    status: 400,
    match: ["dimensions."],
    label: "query vector dimensions differ from the field's",
    meaning: { kind: "failed", cause: "misconfigured" },
    source,
  },
  // `[]` for a field with no model to embed the query, or two embedding fields at once.
  {
    status: 400,
    match: [
      "could not find any embedded fields",
      "Only one embedding field is allowed",
      "Malformed vector query",
    ],
    label: "vector query refused",
    meaning: { kind: "failed", cause: "misconfigured" },
    source,
  },
]);
