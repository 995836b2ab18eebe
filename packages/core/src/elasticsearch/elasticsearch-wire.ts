import * as z from "zod/mini";
import { readErrorBody } from "../backend-kit/read-wire.js";

// The Search API's response body, as both engines document it (Elasticsearch "Search API >
// Response body"; OpenSearch "Search > Response body"). Only what the backend reads is checked;
// unknown fields are dropped. `_source` is a record because its field names are options.

const shardsSchema = z.object({
  total: z.int().check(z.nonnegative()),
  successful: z.optional(z.int()),
  skipped: z.optional(z.int()),
  failed: z.int().check(z.nonnegative()),
});

// Cross-cluster search only: how many remote clusters took part, and how many were skipped.
const clustersSchema = z.object({
  total: z.optional(z.int()),
  skipped: z.optional(z.int()),
  partial: z.optional(z.int()),
  failed: z.optional(z.int()),
});

// `track_total_hits` gives an object; `rest_total_hits_as_int` (and 6.x) a bare number.
const totalSchema = z.union([
  z.object({ value: z.int().check(z.nonnegative()), relation: z.enum(["eq", "gte"]) }),
  z.int().check(z.nonnegative()),
]);

// `_source` and `highlight` are objects whose keys are field names: checked as objects here (a
// record schema walks every key, twice the cost of the whole page), their fields where they are
// read (readHit: each value's type, or the hit is malformed).
export const searchHitSchema = z.object({
  _index: z.optional(z.string()),
  _id: z.optional(z.string()),
  _score: z.nullish(z.number()),
  _source: z.optional(z.looseObject({})),
  highlight: z.optional(z.looseObject({})),
});

export const searchResponseSchema = z.object({
  timed_out: z.boolean(),
  _shards: shardsSchema,
  _clusters: z.optional(clustersSchema),
  hits: z.object({
    total: z.optional(totalSchema),
    hits: z.array(searchHitSchema),
  }),
});

export type SearchHit = z.infer<typeof searchHitSchema>;
export type SearchResponse = z.infer<typeof searchResponseSchema>;

// An error answer: {"error":{"root_cause":[...],"type":"...","reason":"..."},"status":N}. Only
// `type` is ever read: `reason` can echo the query, index names or a user name back.
const errorBodySchema = z.object({
  error: z.union([z.object({ type: z.optional(z.string()) }), z.string()]),
});

/** The error's `type`, when the body is the engine's own error shape; undefined otherwise. */
export function errorType(text: string): string | undefined {
  // A proxy's HTML page, a truncated body, nothing: the status alone decides.
  const body = readErrorBody(text, errorBodySchema);
  if (body === undefined || typeof body.error === "string") return undefined;
  const type = body.error.type;
  // A type is a snake_case class name; anything else is not the engine's, and never echoed.
  return type !== undefined && /^[a-z][a-z0-9_]{0,99}$/.test(type) ? type : undefined;
}
