import type { EngineError } from "./fake-elasticsearch-errors.js";
import type { FakeRecord } from "./fake-elasticsearch-search.js";
import { cosineSimilarity, isVector } from "./hashed-embedding.js";

// The fake cluster's vector clauses (fake-elasticsearch-vector.ts says what each engine documents):
// Elasticsearch's `knn` on a `dense_vector` field, its `semantic` query on a `semantic_text`
// field, OpenSearch's `knn` and `neural` queries; each ranks by (1 + cosine) / 2, and each refuses
// as the engine does, a 400 search_phase_execution_exception around the cause.

export type FakeVectorField =
  | { type: "dense_vector"; dims: number }
  /** The field's inference endpoint: the engine embeds both the records' text and the query. */
  | { type: "semantic_text"; embed: (text: string) => number[] };

/** The mapping's vector fields and the models deployed in the cluster. */
export interface VectorMapping {
  fields: Readonly<Record<string, FakeVectorField>>;
  models: Readonly<Record<string, (text: string) => number[]>>;
  /**
   * The records a vector clause's `filter` matches (Elasticsearch knn's `filter`, a query or a
   * list of them; OpenSearch knn's and neural's, one query): the clause searches only those.
   */
  filterRecords?(filter: unknown, records: readonly FakeRecord[]): FakeRecord[];
}

export type Ranked = Array<{ record: FakeRecord; score: number }>;

export class Refused extends Error {
  constructor(readonly answer: EngineError) {
    super("refused");
  }
}

/** Whether `json` asks for a semantic search this module answers. */
export function shardFailure(reason: string): EngineError {
  const cause = { type: "illegal_argument_exception", reason };
  return {
    status: 400,
    body: {
      error: {
        root_cause: [
          { type: "query_shard_exception", reason: `failed to create query: ${reason}` },
        ],
        type: "search_phase_execution_exception",
        reason: "all shards failed",
        phase: "query",
        grouped: true,
        caused_by: cause,
      },
      status: 400,
    },
  };
}

export function refuse(answer: EngineError): never {
  throw new Refused(answer);
}

/** The answer to a semantic search body over `records`. */
export function clause(
  query: Record<string, unknown>,
  records: readonly FakeRecord[],
  options: VectorMapping,
): Ranked {
  const semantic = query.semantic as { field?: string; query?: string } | undefined;
  if (semantic !== undefined) {
    const field = String(semantic.field);
    const mapping = options.fields[field];
    if (mapping?.type !== "semantic_text") {
      refuse(
        shardFailure(
          `Field [${field}] of type [${mapping?.type ?? "text"}] is not supported for [semantic] queries`,
        ),
      );
    }
    const target = mapping.embed(String(semantic.query ?? ""));
    return byCosine(
      records,
      (record) => {
        const text = record.source[field];
        return typeof text === "string" ? mapping.embed(text) : undefined;
      },
      target,
    );
  }
  const [kind, spec] = Object.entries(query)[0] ?? [];
  const [field, parameters] =
    Object.entries((spec ?? {}) as Record<string, Record<string, unknown>>)[0] ?? [];
  if (field === undefined || parameters === undefined) refuse(shardFailure("malformed query"));
  const mapping = options.fields[field];
  if (mapping?.type !== "dense_vector")
    refuse(shardFailure(`Field '${field}' is not knn_vector type.`));
  let vector = parameters.vector;
  if (kind === "neural") {
    const model = options.models[String(parameters.model_id)];
    if (model === undefined)
      refuse(shardFailure(`Model not found: ${String(parameters.model_id)}`));
    vector = model(String(parameters.query_text ?? ""));
  }
  if (!isVector(vector)) refuse(shardFailure("[knn] requires a vector"));
  if (vector.length !== mapping.dims) {
    refuse(
      shardFailure(
        `Query vector has invalid dimension: ${vector.length}. Dimension should be: ${mapping.dims}`,
      ),
    );
  }
  return nearest(
    scoped(parameters.filter, records, options),
    field,
    vector,
    Number(parameters.k ?? 10),
  );
}

export function knn(
  spec: Record<string, unknown>,
  records: readonly FakeRecord[],
  options: VectorMapping,
): Ranked {
  const field = String(spec.field);
  const mapping = options.fields[field];
  // A field the records hold is mapped (as text, unless it is a vector field).
  if (mapping === undefined && !records.some((record) => field in record.source)) {
    refuse(shardFailure(`field [${field}] does not exist in the mapping`));
  }
  if (mapping?.type !== "dense_vector")
    refuse(shardFailure("[knn] queries are only supported on [dense_vector] fields"));
  let vector = spec.query_vector;
  const builder = (
    spec.query_vector_builder as
      | { text_embedding?: { model_id?: string; model_text?: string } }
      | undefined
  )?.text_embedding;
  if (builder !== undefined) {
    const model = options.models[String(builder.model_id)];
    if (model === undefined) {
      const reason = `Could not find trained model [${String(builder.model_id)}]`;
      refuse({
        status: 404,
        body: {
          error: {
            root_cause: [{ type: "resource_not_found_exception", reason }],
            type: "resource_not_found_exception",
            reason,
          },
          status: 404,
        },
      });
    }
    vector = model(String(builder.model_text ?? ""));
  }
  if (!isVector(vector))
    refuse(shardFailure("[knn] requires [query_vector] or [query_vector_builder]"));
  if (vector.length !== mapping.dims) {
    refuse(
      shardFailure(
        `The query vector has a different number of dimensions [${vector.length}] than the document vectors [${mapping.dims}].`,
      ),
    );
  }
  const k = Number(spec.k ?? 10);
  if (Number(spec.num_candidates ?? k) < k)
    refuse(shardFailure("[num_candidates] cannot be less than [k]"));
  return nearest(scoped(spec.filter, records, options), field, vector, k);
}

/** A `bool` whose one `must` is a semantic query: that query and the bool's filters. */
export function filteredSemantic(
  query: Record<string, unknown>,
): { inner: Record<string, unknown>; filters: unknown[] } | undefined {
  const bool = query.bool as { must?: unknown; filter?: unknown } | undefined;
  const must = Array.isArray(bool?.must) ? bool.must : [bool?.must];
  const inner = must[0] as Record<string, unknown> | undefined;
  if (must.length !== 1 || typeof inner !== "object" || inner?.semantic === undefined) {
    return undefined;
  }
  const filter = bool?.filter;
  return { inner, filters: Array.isArray(filter) ? filter : filter === undefined ? [] : [filter] };
}

/** A vector query, or a semantic query under a bool's filters. */
export function query(
  body: Record<string, unknown>,
  records: readonly FakeRecord[],
  options: VectorMapping,
): Ranked {
  const wrapped = filteredSemantic(body);
  if (wrapped === undefined) return clause(body, records, options);
  return clause(wrapped.inner, scoped(wrapped.filters, records, options), options);
}

/** The records a clause's `filter` leaves it (all of them without one). */
function scoped(
  filter: unknown,
  records: readonly FakeRecord[],
  options: VectorMapping,
): readonly FakeRecord[] {
  if (filter === undefined) return records;
  if (options.filterRecords === undefined) throw new Error("the fake cannot filter here");
  const filters = Array.isArray(filter) ? filter : [filter];
  return filters.reduce<readonly FakeRecord[]>(
    (kept, one) => options.filterRecords?.(one, kept) ?? kept,
    records,
  );
}

function nearest(
  records: readonly FakeRecord[],
  field: string,
  vector: number[],
  k: number,
): Ranked {
  return byCosine(
    records,
    (record) => {
      const stored = record.source[field];
      return isVector(stored) && stored.length === vector.length ? stored : undefined;
    },
    vector,
  ).slice(0, k);
}

function byCosine(
  records: readonly FakeRecord[],
  vectorOf: (record: FakeRecord) => number[] | undefined,
  target: number[],
): Ranked {
  const ranked: Ranked = [];
  for (const record of records) {
    const vector = vectorOf(record);
    if (vector !== undefined)
      ranked.push({ record, score: (1 + cosineSimilarity(vector, target)) / 2 });
  }
  return ranked.sort((a, b) => b.score - a.score || (a.record.id < b.record.id ? -1 : 1));
}
