import type { TypesenseSemanticOptions } from "../typesense/typesense-semantic.js";
import { getJson, keyOf } from "./hosted-inspection.js";
import {
  countOf,
  dimensionsMismatch,
  dimensionsNote,
  type SemanticFinding,
  type SemanticInspector,
  settingsRefused,
  settingsUnread,
} from "./semantic-finding.js";

// Typesense's vector search names a field of the collection's schema, read with
// `GET /collections/{name}` ("Retrieve a collection",
// https://typesense.org/docs/29.0/api/collections.html#retrieve-a-collection): `fields` lists
// `{ name, type, num_dim?, embed? }`. A vector field is a `float[]` with `num_dim`
// (https://typesense.org/docs/29.0/api/vector-search.html#option-a-importing-externally-generated-embeddings-into-typesense);
// one with `embed: { from, model_config }` is an auto-embedding field, whose model also embeds
// the query (…#option-b-auto-embedding-generation-within-typesense). Without `embed.from` the
// engine cannot embed a query: the app must give `embed`. Reading a schema takes
// `collections:get`, which a search key lacks (401): then the probe's search speaks.

type Field = { name?: unknown; type?: unknown; num_dim?: unknown; embed?: { from?: unknown } };

const variable = "SEARCH_DOCS_TYPESENSE_EMBEDDING_FIELD (semantic.field in code)";

export function typesenseEmbeddingFieldInspector(target: {
  url: string;
  semantic: TypesenseSemanticOptions;
}): SemanticInspector {
  const base = target.url.replace(/\/+$/, "");
  const { field: name, embed, dimensions } = target.semantic;
  return {
    async inspect(collectionId, caller) {
      const url = `${base}/collections/${encodeURIComponent(collectionId)}`;
      const { status, body } = await getJson(url, {
        headers: { "x-typesense-api-key": keyOf(caller) },
      });
      if (status === 401 || status === 403) {
        return settingsRefused(status, "schema", "collections:get");
      }
      const fields = (body as { fields?: unknown } | undefined)?.fields;
      if (status !== 200 || !Array.isArray(fields)) return settingsUnread("schema", status);
      const schema = fields as Field[];
      const found = schema.find((field) => field.name === name);
      if (found === undefined) return missing(collectionId, name, schema);
      return judge(collectionId, name, found, embed !== undefined, dimensions);
    },
  };
}

/** Vector fields of the schema, to name in a fix. */
function vectorFields(schema: readonly Field[]): string[] {
  return schema
    .filter(
      (field) => field.type === "float[]" && (countOf(field.num_dim) ?? field.embed) !== undefined,
    )
    .map((field) => String(field.name));
}

function missing(collectionId: string, name: string, schema: readonly Field[]): SemanticFinding {
  const candidates = vectorFields(schema);
  return {
    state: "fail",
    detail: `collection ${collectionId} has no field "${name}" (its vector fields: ${candidates.join(", ") || "none"})`,
    fix:
      candidates.length > 0
        ? `set ${variable} to one of ${candidates.join(", ")}`
        : `add an embedding field to collection ${collectionId} (a float[] with num_dim, or an auto-embedding field with embed.from): https://typesense.org/docs/29.0/api/vector-search.html`,
  };
}

function judge(
  collectionId: string,
  name: string,
  field: Field,
  appEmbeds: boolean,
  dimensions: number | undefined,
): SemanticFinding {
  const numDim = countOf(field.num_dim);
  const autoEmbedding = Array.isArray(field.embed?.from) && field.embed.from.length > 0;
  const type = typeof field.type === "string" ? field.type : "untyped";
  if (type !== "float[]" || (numDim === undefined && !autoEmbedding)) {
    return {
      state: "fail",
      detail: `field "${name}" of ${collectionId} is ${type === "float[]" ? "a float[] without num_dim" : type}, not a vector field`,
      fix: `set ${variable} to a float[] field with num_dim or embed.from (Typesense answers "does not have a vector query index" otherwise)`,
    };
  }
  const label = `field "${name}"`;
  const what = `${label} (float[]${dimensionsNote(numDim)}${autoEmbedding ? ", auto-embedding" : ""})`;
  if (!autoEmbedding && !appEmbeds) {
    return {
      state: "fail",
      detail: `${what} has no embed.from: Typesense cannot embed the query, and no embed is configured`,
      fix: `give semantic.embed (app code: the query's vector from the model the documents' vectors came from, docs/semantic-search.md), or set ${variable} to an auto-embedding field (embed.from)`,
    };
  }
  const mismatch = dimensionsMismatch(dimensions, numDim, label);
  if (mismatch !== undefined) return mismatch;
  return {
    state: "pass",
    detail: appEmbeds
      ? `${what}: the app's embed gives the query's vector`
      : `${what}: Typesense embeds the query with the field's model`,
  };
}
