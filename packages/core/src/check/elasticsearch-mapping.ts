import type { Caller } from "../contract/caller.js";
import {
  type Authorize,
  authorizeRequests,
  type ElasticsearchAuth,
} from "../elasticsearch/elasticsearch-auth.js";
import { defaultElasticsearchFields } from "../elasticsearch/elasticsearch-backend.js";
import { getJson } from "./hosted-inspection.js";
import type { LayoutFinding, LayoutInspector } from "./layout-inspector.js";

// Types a `term` filter matches exactly, and types a sort accepts (a `text` field is neither:
// get_document's term on document_id would match nothing, its sort on section is a 400).
const exactTypes = new Set(["keyword", "constant_keyword", "wildcard"]);
const sortableTypes = new Set([
  ...exactTypes,
  "long",
  "integer",
  "short",
  "byte",
  "double",
  "float",
  "half_float",
  "scaled_float",
  "unsigned_long",
]);

type Properties = Record<string, { type?: string } | undefined>;

/**
 * Elasticsearch and OpenSearch: every concrete index behind the name (`GET /{index}/_mapping`,
 * https://www.elastic.co/guide/en/elasticsearch/reference/7.10/indices-get-mapping.html) maps
 * the section fields, document_id exactly (keyword) and section sortably. The Get mapping API
 * takes `view_index_metadata`, which a reader's key may lack (403): then get_document proves it.
 */
export function elasticsearchMappingInspector(target: {
  url: string;
  auth?: ElasticsearchAuth | undefined;
  records?: "pages" | undefined;
}): LayoutInspector {
  const base = target.url.replace(/\/+$/, "");
  const fields = defaultElasticsearchFields;
  // Signed as the backend's requests are (AWS SigV4), or the caller's credential as given.
  const authorize = authorizeRequests("check", target.auth, () => Date.now());
  return {
    async inspect(collectionId, caller): Promise<LayoutFinding> {
      if (target.records === "pages") {
        return {
          state: "skip",
          detail:
            "page records: sections come from each page's headings; get_document below proves the layout",
        };
      }
      const url = `${base}/${encodeURIComponent(collectionId)}/_mapping`;
      const { status, body } = await getJson(url, {
        headers: await authorize({ method: "GET", url, headers: {} }, caller),
      });
      if (status === 401 || status === 403) {
        return {
          state: "skip",
          detail: `mapping not read (${status}: the key lacks view_index_metadata); get_document below proves the layout`,
        };
      }
      if (status === 404) {
        return {
          state: "fail",
          collectionMissing: true,
          detail: `404: no index or alias ${collectionId}`,
          fix: `create the index \`${collectionId}\` or fix SEARCH_DOCS_AREAS`,
        };
      }
      if (status !== 200 || typeof body !== "object" || body === null) {
        return { state: "skip", detail: `mapping not read (${status})` };
      }
      if (Object.keys(body).length === 0) {
        // A pattern with no index behind it for these credentials: the searches of every user
        // would omit it (the engine's 404 for a pattern resolving to nothing).
        return {
          state: "fail",
          collectionMissing: true,
          detail: `the pattern ${collectionId} matches no index these credentials may view`,
          fix: `create an index ${collectionId} matches, or fix SEARCH_DOCS_AREAS (if it exists, give these credentials view_index_metadata and read on it)`,
        };
      }
      const problems = Object.entries(
        body as Record<string, { mappings?: { properties?: Properties } }>,
      ).flatMap(([index, entry]) => problemsOf(index, entry.mappings?.properties ?? {}));
      if (problems.length === 0) {
        return {
          state: "pass",
          detail: `${fields.documentId} is keyword, ${fields.section} sortable, ${fields.title}/${fields.heading}/${fields.body} mapped`,
          ...(await sampleTitle(base, collectionId, caller, authorize)),
        };
      }
      return {
        state: "fail",
        detail: problems.map(({ problem }) => problem).join("; "),
        fix: problems[0]?.fix ?? "",
      };
    },
    documentFix: (collectionId) =>
      `map ${fields.documentId} as keyword in ${collectionId} (a new index with {"mappings":{"properties":{"${fields.documentId}":{"type":"keyword"}}}}, then _reindex into it)`,
    close: async () => {},
  };
}

function problemsOf(index: string, properties: Properties): { problem: string; fix: string }[] {
  const fields = defaultElasticsearchFields;
  const problems: { problem: string; fix: string }[] = [];
  const typeOf = (field: string) => properties[field]?.type;
  const missing = [
    fields.documentId,
    fields.section,
    fields.title,
    fields.heading,
    fields.body,
  ].filter((field) => properties[field] === undefined);
  if (missing.length > 0) {
    problems.push({
      problem: `${index} maps no ${missing.join(", ")}`,
      fix: `index ${index}'s records with ${missing.join(", ")} (one record per section: docs/check.md), or point SEARCH_DOCS_AREAS at the index that has them`,
    });
  }
  const documentType = typeOf(fields.documentId);
  if (documentType !== undefined && !exactTypes.has(documentType)) {
    problems.push({
      problem: `${index}'s ${fields.documentId} is ${documentType}, not keyword`,
      fix: `map ${fields.documentId} as keyword: create a new index with {"mappings":{"properties":{"${fields.documentId}":{"type":"keyword"}}}}, _reindex ${index} into it, and point SEARCH_DOCS_AREAS (or an alias) at it`,
    });
  }
  const sectionType = typeOf(fields.section);
  if (sectionType !== undefined && !sortableTypes.has(sectionType)) {
    problems.push({
      problem: `${index}'s ${fields.section} is ${sectionType}, not sortable`,
      fix: `map ${fields.section} as integer: create a new index with {"mappings":{"properties":{"${fields.section}":{"type":"integer"}}}}, _reindex ${index} into it`,
    });
  }
  return problems;
}

/** One record's title (match_all, size 1), to probe with words that are there. */
async function sampleTitle(base: string, index: string, caller: Caller, authorize: Authorize) {
  try {
    const url = `${base}/${encodeURIComponent(index)}/_search`;
    const request = {
      method: "POST",
      url,
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ size: 1, _source: [defaultElasticsearchFields.title] }),
    };
    const { body } = await getJson(url, { ...request, headers: await authorize(request, caller) });
    const hits = (body as { hits?: { hits?: { _source?: Record<string, unknown> }[] } })?.hits
      ?.hits;
    const title = hits?.[0]?._source?.[defaultElasticsearchFields.title];
    return typeof title === "string" && title.trim() !== ""
      ? { sampleTitle: title.slice(0, 200) }
      : {};
  } catch {
    return {};
  }
}
