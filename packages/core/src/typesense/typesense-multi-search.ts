import * as z from "zod/mini";
import type { BackendAttempt, BackendFailure } from "../backend/search-backend.js";
import { isFailure } from "../backend-kit/malformed.js";
import { readWire } from "../backend-kit/read-wire.js";
import { type HttpAnswer, type SendOptions, sendRequest } from "../backend-kit/send-request.js";

// One search through `POST /multi_search`
// (https://typesense.org/docs/29.0/api/federated-multi-search.html): Typesense's way to send
// search parameters in a body, for a query vector of hundreds of numbers that has no place in a
// URL (which is also traced and logged by proxies). Its trap:
// a 200 whose `results[0]` is `{"code": 400, "error": "..."}` is a failed search, not an answer.
// So the one result comes back as the answer the GET endpoint would have given — its own status
// and body — and the backend reads it with its usual status table and schema. The backend ranks
// a hit by `text_match`; a vector search's own score is elsewhere (`rank_fusion_score` of a hybrid
// hit, `vector_distance` of a semantic one, where a vector-only hit has no text_match), so each
// hit's `text_match` becomes that score: one scale for every hit of the page.

const multiSearchSchema = z.object({ results: z.array(z.unknown()) });

const searchError = z.object({ code: z.number(), error: z.string() });

export interface MultiSearchRequest {
  origin: string;
  pathname: string;
  collection: string;
  parameters: Readonly<Record<string, string>>;
  headers: Readonly<Record<string, string>>;
}

/** The one search's answer, as `GET /collections/{c}/documents/search` would give it. */
export async function sendMultiSearch(
  request: MultiSearchRequest,
  attempt: BackendAttempt,
  options: SendOptions,
): Promise<HttpAnswer | BackendFailure> {
  const answer = await sendRequest(
    {
      method: "POST",
      url: `${request.origin}${request.pathname}/multi_search`,
      headers: { ...request.headers, "content-type": "application/json" },
      body: JSON.stringify({
        searches: [{ collection: request.collection, ...request.parameters }],
      }),
      urlTemplate: `${request.pathname}/multi_search`,
    },
    attempt,
    options,
  );
  if (isFailure(answer) || answer.status !== 200) return answer;
  const wire = readWire(answer.text, multiSearchSchema);
  if (isFailure(wire)) return wire;
  if (wire.results.length !== 1) {
    return { kind: "failed", cause: "malformed", reason: "multi_search gave no single result" };
  }
  const result = wire.results[0];
  const failed = searchError.safeParse(result);
  if (failed.success) {
    return {
      ...answer,
      status: failed.data.code,
      text: JSON.stringify({ message: failed.data.error }),
    };
  }
  return { ...answer, text: JSON.stringify(withVectorScores(result)) };
}

const scoredHit = z.object({
  vector_distance: z.optional(z.number()),
  hybrid_search_info: z.optional(z.object({ rank_fusion_score: z.number() })),
});

/** Each hit's `text_match` set to its vector search score; anything else left as it is. */
function withVectorScores(result: unknown): unknown {
  if (typeof result !== "object" || result === null) return result;
  const hits = (result as { hits?: unknown }).hits;
  if (!Array.isArray(hits)) return result;
  return {
    ...result,
    hits: hits.map((hit) => {
      const scored = scoredHit.safeParse(hit);
      if (!scored.success || typeof hit !== "object") return hit;
      const fused = scored.data.hybrid_search_info?.rank_fusion_score;
      const distance = scored.data.vector_distance;
      const score = fused ?? (distance === undefined ? undefined : 1 - distance / 2);
      return score === undefined ? hit : { ...hit, text_match: score };
    }),
  };
}
