import type { EngineAnswer, HostedRecord } from "./fake-hosted-engine.js";
import { searchRecords } from "./fake-hosted-engine.js";
import { cosineSimilarity, isVector } from "./hashed-embedding.js";

// The fake Typesense's vector search, as its reference documents it
// (https://typesense.org/docs/29.0/api/vector-search.html): a `float[]` field with `num_dim`
// holds each document's embedding; `vector_query=embedding:([0.1, …], k: 100, alpha: 0.3)` asks
// for its nearest neighbours by cosine distance (`vector_distance`, 0 is identical); `[]` with the
// field in `query_by` embeds `q` with the field's own model (an auto-embedding field); `q` other
// than `*` with text fields in `query_by` makes it hybrid: keyword and vector ranks fused,
// `(1 - alpha) / (text rank) + alpha / (vector rank)`, `alpha` 0.3 by default, in
// `hybrid_search_info.rank_fusion_score`. Errors are Typesense's own 400s, read from
// `Collection::search` in src/collection.cpp: "Field `x` does not have a vector query index.",
// "Query field `x` must have N dimensions.", "Only one embedding field is allowed in the query.",
// "Vector query could not find any embedded fields.".

/** A vector field of the schema: `num_dim`, and the model of an auto-embedding field. */
export interface FakeTypesenseVectorField {
  dimensions: number;
  /** An auto-embedding field: the engine embeds `q` itself. */
  embed?: (text: string) => number[];
}

export interface VectorInfo {
  vector_distance?: number;
  hybrid_search_info?: { rank_fusion_score: number };
  /** False for a hit the keyword side did not find (it carries no `text_match`). */
  textMatched: boolean;
}

export type VectorRanking =
  | { records: HostedRecord[]; info: ReadonlyMap<HostedRecord, VectorInfo> }
  | EngineAnswer;

const refuse = (message: string): EngineAnswer => ({ status: 400, body: { message } });

interface VectorQuery {
  field: string;
  values: number[];
  k: number | undefined;
  alpha: number;
}

/** `field:([v, …], k: n, alpha: a)`, or undefined when malformed. */
function parseVectorQuery(text: string): VectorQuery | undefined {
  const match =
    /^\s*([A-Za-z0-9_.-]+)\s*:\s*\(\s*\[([^\]]*)\]\s*((?:,\s*[a-z_]+\s*:\s*[^,)]+\s*)*)\)\s*$/.exec(
      text,
    );
  if (match === null) return undefined;
  const values = (match[2] ?? "").trim() === "" ? [] : (match[2] ?? "").split(",").map(Number);
  if (!values.every(Number.isFinite)) return undefined;
  const parameters = new Map(
    [...(match[3] ?? "").matchAll(/([a-z_]+)\s*:\s*([^,)]+)/g)].map((found) => [
      found[1] ?? "",
      Number(found[2]),
    ]),
  );
  const k = parameters.get("k");
  const alpha = parameters.get("alpha") ?? 0.3;
  if ((k !== undefined && !(k >= 1)) || !(alpha >= 0 && alpha <= 1)) return undefined;
  return { field: match[1] ?? "", values, k, alpha };
}

/** The records a search asks for — keyword, vector or hybrid — best first; or Typesense's 400. */
export function vectorRanking(
  parameters: URLSearchParams,
  records: readonly HostedRecord[],
  searched: readonly string[],
  vectorFields: Readonly<Record<string, FakeTypesenseVectorField>>,
): VectorRanking {
  const q = parameters.get("q") ?? "";
  const wildcard = q.trim() === "*";
  const textFields = searched.filter((field) => !Object.hasOwn(vectorFields, field));
  const embedFields = searched.filter((field) => Object.hasOwn(vectorFields, field));
  const keyword = () => (wildcard ? [...records] : searchRecords(records, q, textFields));
  const raw = parameters.get("vector_query");
  const query = raw === null ? undefined : parseVectorQuery(raw);
  if (raw !== null && query === undefined) return refuse("Malformed vector query string.");
  if (query !== undefined && !Object.hasOwn(vectorFields, query.field)) {
    return refuse(`Field \`${query.field}\` does not have a vector query index.`);
  }
  if (
    embedFields.length > 1 ||
    (query !== undefined && embedFields.some((f) => f !== query.field))
  ) {
    return refuse("Only one embedding field is allowed in the query.");
  }
  const field = query?.field ?? embedFields[0];
  if (field === undefined) return { records: keyword(), info: new Map() };
  const schema = vectorFields[field] as FakeTypesenseVectorField;
  let vector = query?.values ?? [];
  if (vector.length === 0) {
    if (wildcard || !embedFields.includes(field) || schema.embed === undefined) {
      return refuse("Vector query could not find any embedded fields.");
    }
    vector = schema.embed(q);
  }
  if (vector.length !== schema.dimensions) {
    return refuse(`Query field \`${field}\` must have ${schema.dimensions} dimensions.`);
  }
  const nearest = records
    .filter((record) => isVector(record[field]))
    .map((record, rank) => ({
      record,
      rank,
      distance: 1 - cosineSimilarity(record[field] as number[], vector),
    }))
    .sort((left, right) => left.distance - right.distance || left.rank - right.rank)
    .slice(0, query?.k ?? records.length);
  const distance = new Map(nearest.map(({ record, distance }) => [record, distance]));
  const text = wildcard || textFields.length === 0 ? [] : keyword();
  if (text.length === 0 && (wildcard || textFields.length === 0)) {
    return {
      records: nearest.map(({ record }) => record),
      info: new Map(
        nearest.map(({ record, distance }) => [
          record,
          { vector_distance: distance, textMatched: false },
        ]),
      ),
    };
  }
  const alpha = query?.alpha ?? 0.3;
  const textRank = new Map(text.map((record, rank) => [record, rank + 1]));
  const vectorRank = new Map(nearest.map(({ record }, rank) => [record, rank + 1]));
  const fused = [...new Set([...text, ...nearest.map(({ record }) => record)])].map((record) => {
    const byText = textRank.get(record);
    const byVector = vectorRank.get(record);
    const score =
      (byText === undefined ? 0 : (1 - alpha) / byText) +
      (byVector === undefined ? 0 : alpha / byVector);
    return { record, score };
  });
  fused.sort((left, right) => right.score - left.score);
  return {
    records: fused.map(({ record }) => record),
    info: new Map(
      fused.map(({ record, score }) => [
        record,
        {
          ...(distance.has(record) ? { vector_distance: distance.get(record) } : {}),
          hybrid_search_info: { rank_fusion_score: score },
          textMatched: textRank.has(record),
        },
      ]),
    ),
  };
}
