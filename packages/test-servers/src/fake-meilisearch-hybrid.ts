import type { EngineAnswer, HostedRecord } from "./fake-hosted-engine.js";
import { searchRecords } from "./fake-hosted-engine.js";
import { cosineSimilarity, isVector } from "./hashed-embedding.js";

// The fake Meilisearch's hybrid search, as the search reference documents it
// (https://www.meilisearch.com/docs/reference/api/search, `hybrid` and `vector`;
// https://www.meilisearch.com/docs/capabilities/hybrid_search/advanced/custom_hybrid_ranking):
// `hybrid: { embedder, semanticRatio }` names an embedder of the index's `embedders` setting;
// `semanticRatio` (0.0 keyword only … 1.0 semantic only, default 0.5) blends the two rankings;
// `vector` carries the query's embedding for a `userProvided` embedder, which cannot embed a query
// itself; other sources embed `q` on the engine. Documents keep theirs in `_vectors.<embedder>`.
// Errors are the codes meilisearch-types' error.rs gives them, all 400 `invalid_request`:
// invalid_search_hybrid_query, invalid_search_embedder, invalid_search_semantic_ratio,
// invalid_search_vector, invalid_vector_dimensions ("Invalid vector dimensions: expected: `3`,
// found: `4`.", milli's UserError) and vector_embedding_error (the query could not be embedded).

/** An embedder of the index settings: `userProvided`, or one the engine calls itself. */
export interface FakeMeilisearchEmbedder {
  source: "userProvided" | "rest";
  dimensions: number;
  /** For a `rest` embedder: the engine's own embedding of the query. */
  embed?: (text: string) => number[];
}

/** The ranked records, and those the semantic side ranked (for `semanticHitCount`). */
export type HybridRanking =
  | { records: HostedRecord[]; semantic: ReadonlySet<HostedRecord> }
  | EngineAnswer;

function invalid(code: string, message: string): EngineAnswer {
  return {
    status: 400,
    body: {
      message,
      code,
      type: "invalid_request",
      link: `https://docs.meilisearch.com/errors#${code}`,
    },
  };
}

/** The records `body` asks for, keyword or hybrid, best first; or the engine's 400. */
export function hybridRanking(
  body: Readonly<Record<string, unknown>>,
  records: readonly HostedRecord[],
  searchable: readonly string[],
  embedders: Readonly<Record<string, FakeMeilisearchEmbedder>>,
): HybridRanking {
  const q = typeof body.q === "string" ? body.q : "";
  const hybrid = body.hybrid;
  if (hybrid === undefined || hybrid === null) {
    if (body.vector !== undefined) {
      return invalid("invalid_search_hybrid_query", "Passing `vector` requires `hybrid`.");
    }
    return { records: searchRecords(records, q, searchable), semantic: new Set() };
  }
  if (typeof hybrid !== "object" || Array.isArray(hybrid)) {
    return invalid("invalid_search_hybrid_query", "Invalid value type at `.hybrid`.");
  }
  const { embedder: name, semanticRatio = 0.5, ...unknown } = hybrid as Record<string, unknown>;
  if (Object.keys(unknown).length > 0) {
    return invalid("invalid_search_hybrid_query", "Unknown field inside `.hybrid`.");
  }
  if (typeof semanticRatio !== "number" || semanticRatio < 0 || semanticRatio > 1) {
    return invalid(
      "invalid_search_semantic_ratio",
      "Invalid value at `.hybrid.semanticRatio`: the value of `semanticRatio` is invalid, expected a float between `0.0` and `1.0`.",
    );
  }
  const embedder = typeof name === "string" ? embedders[name] : undefined;
  if (typeof name !== "string" || embedder === undefined) {
    return invalid(
      "invalid_search_embedder",
      `Cannot find embedder with name \`${String(name)}\`.`,
    );
  }
  let vector: number[];
  if (body.vector !== undefined && body.vector !== null) {
    if (!isVector(body.vector)) {
      return invalid("invalid_search_vector", "Invalid value type at `.vector`.");
    }
    vector = body.vector;
  } else if (embedder.source === "rest" && embedder.embed !== undefined) {
    vector = embedder.embed(q);
  } else {
    return invalid(
      "vector_embedding_error",
      `Error while generating embeddings: user error: embedder \`${name}\` has \`source: userProvided\`, so it cannot embed the query.`,
    );
  }
  if (vector.length !== embedder.dimensions) {
    return invalid(
      "invalid_vector_dimensions",
      `Invalid vector dimensions: expected: \`${embedder.dimensions}\`, found: \`${vector.length}\`.`,
    );
  }
  const keyword = semanticRatio < 1 ? searchRecords(records, q, searchable) : [];
  const keywordScore = new Map(
    keyword.map((record, rank) => [record, 1 - rank / (keyword.length + 1)]),
  );
  const scored: Array<{ record: HostedRecord; score: number; semantic: boolean; rank: number }> =
    [];
  for (const [rank, record] of records.entries()) {
    const stored = (record._vectors as Record<string, unknown> | undefined)?.[name];
    const similarity =
      semanticRatio > 0 && isVector(stored) && stored.length === vector.length
        ? (1 + cosineSimilarity(stored, vector)) / 2
        : undefined;
    const lexical = keywordScore.get(record);
    if (similarity === undefined && lexical === undefined) continue;
    const semanticPart = semanticRatio * (similarity ?? 0);
    const keywordPart = (1 - semanticRatio) * (lexical ?? 0);
    scored.push({
      record,
      score: semanticPart + keywordPart,
      semantic: semanticPart > keywordPart,
      rank,
    });
  }
  scored.sort((left, right) => right.score - left.score || left.rank - right.rank);
  return {
    records: scored.map(({ record }) => record),
    semantic: new Set(scored.filter(({ semantic }) => semantic).map(({ record }) => record)),
  };
}
