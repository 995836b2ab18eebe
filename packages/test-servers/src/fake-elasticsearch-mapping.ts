import {
  type EngineError,
  engineError,
  type Flavor,
  indexNotFound,
} from "./fake-elasticsearch-errors.js";

// `GET /{target}/_mapping`, the Get mapping API (https://www.elastic.co/guide/en/elasticsearch/
// reference/7.10/indices-get-mapping.html; OpenSearch's is the same): one entry per concrete
// index (an alias answers with the indices behind it), `{ "<index>": { "mappings": {
// "properties": { "<field>": { "type": … } } } } }`. With security on it takes the
// `view_index_metadata` (or `manage`) index privilege, which a reader's key lacks: 403
// security_exception; an unknown index or alias is 404 index_not_found_exception.

/** A field's mapping: its type (`keyword`, `text`, `integer`, `date`, …). */
export type FieldMapping = { type: string; fields?: Record<string, { type: string }> };

/** What the sample indices are mapped as: the layout DESIGN §2 names, ids as keywords. */
export const sectionIndexMapping: Readonly<Record<string, FieldMapping>> = Object.freeze({
  document_id: { type: "keyword" },
  section: { type: "integer" },
  title: { type: "text" },
  heading: { type: "text" },
  body: { type: "text" },
  slug: { type: "keyword" },
  updated_at: { type: "date" },
});

/**
 * A page-level index as the Elastic web crawler writes it (Enterprise Search "Web crawler schema",
 * https://www.elastic.co/guide/en/enterprise-search/current/crawler-schema.html): one document
 * per page, its `id` also the document's `_id`, the body's text in `body_content`, the page's
 * h1–h6 texts in `headings`.
 */
export const crawlerIndexMapping: Readonly<Record<string, FieldMapping>> = Object.freeze({
  id: { type: "keyword" },
  title: { type: "text" },
  body_content: { type: "text" },
  headings: { type: "text" },
  url: { type: "keyword" },
  last_crawled_at: { type: "date" },
});

export function mappingAnswer(options: {
  flavor: Flavor;
  target: string;
  /** Concrete indices the target names, or undefined when it names none. */
  indices: readonly string[] | undefined;
  /** The user, when security is on: undefined reads everything. */
  user: { name: string; viewIndexMetadata?: readonly string[] } | undefined;
  mayView: (pattern: string, index: string) => boolean;
  mappings: Readonly<Record<string, Readonly<Record<string, FieldMapping>>>> | undefined;
}): { status: 200; body: unknown } | EngineError {
  const { flavor, target, indices, user } = options;
  if (
    user !== undefined &&
    !(user.viewIndexMetadata ?? []).some((pattern) => options.mayView(pattern, target))
  ) {
    return engineError(
      403,
      "security_exception",
      flavor === "opensearch"
        ? `no permissions for [indices:admin/mappings/get] and User [name=${user.name}, backend_roles=[], requestedTenant=null]`
        : `action [indices:admin/mappings/get] is unauthorized for user [${user.name}] with effective roles [reader] on indices [${target}], this action is granted by the index privileges [view_index_metadata,manage,all]`,
    );
  }
  // A pattern matching nothing (this user may view) is an empty answer: allow_no_indices=true.
  if (target.includes("*") && indices?.length === 0) return { status: 200, body: {} };
  if (indices === undefined || indices.length === 0) return indexNotFound(target);
  const body: Record<string, unknown> = {};
  for (const index of indices) {
    body[index] = { mappings: { properties: options.mappings?.[index] ?? sectionIndexMapping } };
  }
  return { status: 200, body };
}
