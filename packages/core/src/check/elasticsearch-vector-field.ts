import type { Caller } from "../contract/caller.js";
import { authorizeRequests, type ElasticsearchAuth } from "../elasticsearch/elasticsearch-auth.js";
import type { ElasticsearchSemanticOptions } from "../elasticsearch/elasticsearch-semantic.js";
import { getJson } from "./hosted-inspection.js";
import { inspectSearchPipeline } from "./opensearch-search-pipeline.js";
import {
  countOf,
  dimensionsMismatch,
  dimensionsNote,
  type SemanticFinding,
  type SemanticInspector,
  settingsRefused,
  settingsUnread,
} from "./semantic-finding.js";

// The semantic option's field, in every concrete index behind the name, read with
// `GET /{index}/_mapping/field/{field}` (Get field mapping,
// https://www.elastic.co/guide/en/elasticsearch/reference/current/indices-get-field-mapping.html):
// `{ <index>: { mappings: { <field>: { full_name, mapping: { <leaf>: { type, … } } } } } }`, and
// `mappings: {}` for an index that does not map the field. What each query needs:
// - `knn` on Elasticsearch: `dense_vector`, its length in `dims`, indexed (`index` not false)
//   (https://www.elastic.co/guide/en/elasticsearch/reference/current/dense-vector.html);
// - `knn` on OpenSearch (its `knn` or `neural` query): `knn_vector`, its length in `dimension`
//   (https://docs.opensearch.org/latest/mappings/supported-field-types/knn-vector/);
// - `semantic`: `semantic_text`, its inference endpoint's length in `model_settings.dimensions`
//   (https://www.elastic.co/guide/en/elasticsearch/reference/current/semantic-text.html).
// The API takes `view_index_metadata`, which a reader's key may lack (403): the probe then speaks.

type FieldMapping = {
  type?: unknown;
  dims?: unknown;
  dimension?: unknown;
  index?: unknown;
  model_settings?: { dimensions?: unknown };
};
type FieldMappings = Record<
  string,
  { mappings?: Record<string, { mapping?: Record<string, FieldMapping> }> }
>;

export function elasticsearchVectorFieldInspector(target: {
  engine: "elasticsearch" | "opensearch";
  url: string;
  auth?: ElasticsearchAuth | undefined;
  semantic: ElasticsearchSemanticOptions;
}): SemanticInspector {
  const base = target.url.replace(/\/+$/, "");
  // Signed as the backend's requests are (AWS SigV4), or the caller's credential as given.
  const authorize = authorizeRequests("check", target.auth, () => Date.now());
  const { field } = target.semantic;
  // OpenSearch's hybrid query is fused by the app's search pipeline: read it once the field passes.
  const pipeline =
    target.engine === "opensearch" && target.semantic.query === "knn" && target.semantic.hybrid
      ? target.semantic.searchPipeline
      : undefined;
  const headersFor = (caller: Caller) => (url: string) =>
    authorize({ method: "GET", url, headers: {} }, caller);
  async function inspectField(collectionId: string, caller: Caller): Promise<SemanticFinding> {
    const url = `${base}/${encodeURIComponent(collectionId)}/_mapping/field/${encodeURIComponent(field)}`;
    const { status, body } = await getJson(url, { headers: await headersFor(caller)(url) });
    if (status === 401 || status === 403) {
      return settingsRefused(status, "field mapping", "view_index_metadata");
    }
    if (status !== 200 || typeof body !== "object" || body === null) {
      return settingsUnread("field mapping", status);
    }
    const indices = Object.entries(body as FieldMappings);
    if (indices.length === 0)
      return settingsUnread("field mapping (no index behind the name)", status);
    const findings = indices.map(([index, entry]) => {
      const mapping = entry.mappings?.[field]?.mapping;
      return judge(target.engine, target.semantic, index, mapping && Object.values(mapping)[0]);
    });
    const failed = findings.filter((finding) => finding.state === "fail");
    if (failed.length > 0) {
      return {
        state: "fail",
        detail: failed.map((finding) => finding.detail).join("; "),
        ...(failed[0]?.fix === undefined ? {} : { fix: failed[0].fix }),
      };
    }
    return { state: "pass", detail: findings.map((finding) => finding.detail).join("; ") };
  }
  return {
    async inspect(collectionId: string, caller: Caller) {
      const found = await inspectField(collectionId, caller);
      if (found.state !== "pass" || pipeline === undefined) return found;
      const fused = await inspectSearchPipeline(base, pipeline, headersFor(caller));
      if (fused.state === "fail") return fused;
      return { state: fused.state, detail: `${found.detail}; ${fused.detail}` };
    },
  };
}

function judge(
  flavor: "elasticsearch" | "opensearch",
  semantic: ElasticsearchSemanticOptions,
  index: string,
  mapping: FieldMapping | undefined,
): SemanticFinding {
  const { field, query } = semantic;
  const needed =
    query === "semantic"
      ? "semantic_text"
      : flavor === "opensearch"
        ? "knn_vector"
        : "dense_vector";
  if (mapping === undefined) {
    return {
      state: "fail",
      detail: `${index} maps no field ${field}`,
      fix: `point semantic.field at the ${needed} field of ${index}, or map ${field} as ${needed} (a new index with it, then _reindex) — docs/semantic-search.md`,
    };
  }
  const type = typeof mapping.type === "string" ? mapping.type : "an object";
  if (type !== needed) {
    return {
      state: "fail",
      detail: `${index}'s ${field} is ${type}, not ${needed}`,
      fix: kindFix(query, type, needed, field),
    };
  }
  const dimensions =
    type === "semantic_text"
      ? countOf(mapping.model_settings?.dimensions)
      : countOf(type === "knn_vector" ? mapping.dimension : mapping.dims);
  const what = `${index}'s ${field} (${type}${dimensionsNote(dimensions)})`;
  if (type === "dense_vector" && mapping.index === false) {
    return {
      state: "fail",
      detail: `${what} is not indexed: knn needs "index": true`,
      fix: `map ${field} with "index": true (a new index with it, then _reindex ${index})`,
    };
  }
  const mismatch =
    query === "knn"
      ? dimensionsMismatch(semantic.dimensions, dimensions, `${index}'s ${field}`)
      : undefined;
  return mismatch ?? { state: "pass", detail: what };
}

/** The field holds the other kind of vectors: the other query kind reads it. */
function kindFix(query: "knn" | "semantic", type: string, needed: string, field: string): string {
  if (query === "knn" && type === "semantic_text") {
    return `use semantic: { query: "semantic", field: "${field}" }: a semantic_text field embeds the query with its own inference endpoint`;
  }
  if (query === "semantic" && (type === "dense_vector" || type === "knn_vector")) {
    return `use semantic: { query: "knn", field: "${field}", embed or modelId }: the semantic query reads semantic_text fields only`;
  }
  return `point semantic.field at a ${needed} field (docs/semantic-search.md)`;
}
