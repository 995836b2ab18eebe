import type { RecordLayoutOptions } from "../backend-kit/record-layout.js";
import { recordLayout } from "../backend-kit/record-layout.js";
import {
  firstHitOf,
  getJson,
  hostedFinding,
  keyOf,
  type SettingsAnswer,
} from "./hosted-inspection.js";
import type { LayoutInspector } from "./layout-inspector.js";

/**
 * Meilisearch: get_document filters on the document field, which must be in the index's
 * filterableAttributes (`GET /indexes/{index_uid}/settings/filterable-attributes`,
 * https://www.meilisearch.com/docs/reference/api/settings/get-filterableattributes; since
 * v1.14 an entry may be an object of `attributePatterns`). Reading it takes `settings.get`,
 * which a search key lacks (403 invalid_api_key): then get_document below proves it.
 */
export function meilisearchSettingsInspector(target: {
  url: string;
  records: RecordLayoutOptions["records"];
}): LayoutInspector {
  const base = target.url.replace(/\/+$/, "");
  // As the backend reads docs-scraper's records: `hierarchy_lvl0`, `position`.
  const layout = recordLayout(
    "meilisearch",
    (target.records ?? "docsearch") === "docsearch"
      ? {
          records: "docsearch",
          docsearchFields: { hierarchyPrefix: "hierarchy_", position: "position" },
        }
      : { records: "sections" },
  );
  const field = layout.documentField;
  return {
    async inspect(collectionId, caller) {
      const headers = { authorization: `Bearer ${keyOf(caller)}` };
      const path = `/indexes/${encodeURIComponent(collectionId)}`;
      return hostedFinding(
        await filterableOf(
          `${base}${path}/settings/filterable-attributes`,
          headers,
          collectionId,
          field,
        ),
        () => firstHitOf(`${base}${path}/search`, headers, { q: "", limit: 1 }),
        layout,
        "SEARCH_DOCS_MEILISEARCH_RECORDS",
      );
    },
    documentFix: (collectionId) => addFix(collectionId, field),
    close: async () => {},
  };
}

function addFix(collectionId: string, field: string): string {
  return `add "${field}" to filterableAttributes: PUT /indexes/${collectionId}/settings/filterable-attributes ["${field}", …the attributes already there]`;
}

async function filterableOf(
  url: string,
  headers: Record<string, string>,
  collectionId: string,
  field: string,
): Promise<SettingsAnswer> {
  const { status, body } = await getJson(url, { headers });
  if (status === 401 || status === 403) {
    return { kind: "refused", reason: `${status}: the key lacks settings.get` };
  }
  if (status === 404) {
    return {
      kind: "no_collection",
      detail: `404: Meilisearch has no index ${collectionId}`,
      fix: `create the index \`${collectionId}\` or fix SEARCH_DOCS_AREAS`,
    };
  }
  if (status !== 200 || !Array.isArray(body)) return { kind: "unknown", reason: String(status) };
  const patterns = body.flatMap((entry: unknown) =>
    typeof entry === "string"
      ? [entry]
      : ((entry as { attributePatterns?: unknown[] })?.attributePatterns ?? []).map(String),
  );
  const filterable = patterns.some(
    (pattern) =>
      pattern === field ||
      pattern === "*" ||
      (pattern.endsWith("*") && field.startsWith(pattern.slice(0, -1))),
  );
  return {
    kind: "read",
    missing: filterable ? [] : [field],
    summary: filterable
      ? `${field} is filterable`
      : `${field} is not in filterableAttributes (${patterns.join(", ") || "none"})`,
    fix: addFix(collectionId, field),
  };
}
