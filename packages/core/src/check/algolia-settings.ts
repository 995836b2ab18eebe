import type { RecordLayoutOptions } from "../backend-kit/record-layout.js";
import {
  firstHitOf,
  getJson,
  hostedFinding,
  keyOf,
  layoutFor,
  type SettingsAnswer,
} from "./hosted-inspection.js";
import type { LayoutInspector } from "./layout-inspector.js";

/**
 * Algolia: get_document filters on the document field (`url_without_anchor`), and Algolia
 * silently matches nothing on a filter over an attribute missing from attributesForFaceting —
 * so a read would be `not_found`. The settings (`GET /1/indexes/{indexName}/settings`,
 * https://www.algolia.com/doc/rest-api/search/get-settings) need the `settings` ACL, which a
 * search key lacks (403): then get_document below proves it.
 */
export function algoliaSettingsInspector(target: {
  appId: string;
  hosts: readonly string[];
  records: RecordLayoutOptions["records"];
}): LayoutInspector {
  const host = (target.hosts[0] ?? `https://${target.appId}-dsn.algolia.net`).replace(/\/+$/, "");
  const layout = layoutFor("algolia", target.records);
  const field = layout.documentField;
  return {
    async inspect(collectionId, caller) {
      const headers = {
        "x-algolia-application-id": target.appId,
        "x-algolia-api-key": keyOf(caller),
      };
      const path = `/1/indexes/${encodeURIComponent(collectionId)}`;
      return hostedFinding(
        await facetsOf(`${host}${path}/settings`, headers, collectionId, field),
        () => firstHitOf(`${host}${path}/query`, headers, { query: "", hitsPerPage: 1 }),
        layout,
        "SEARCH_DOCS_ALGOLIA_RECORDS",
      );
    },
    documentFix: (collectionId) => addFix(collectionId, field),
    close: async () => {},
  };
}

function addFix(collectionId: string, field: string): string {
  return `add \`${field}\` to attributesForFaceting: PUT /1/indexes/${collectionId}/settings {"attributesForFaceting":["filterOnly(${field})", …the attributes already there]}`;
}

/** `filterOnly(x)`, `searchable(x)`, `afterDistinct(searchable(x))` all facet `x`. */
function facetedAttribute(entry: string): string {
  return entry.replace(/^(?:(?:filterOnly|searchable|afterDistinct)\()+([^()]*)\)+$/, "$1");
}

async function facetsOf(
  url: string,
  headers: Record<string, string>,
  collectionId: string,
  field: string,
): Promise<SettingsAnswer> {
  const { status, body } = await getJson(url, { headers });
  if (status === 401 || status === 403) {
    const message = (body as { message?: unknown } | undefined)?.message;
    return { kind: "refused", reason: `${status}: ${String(message ?? "refused")}` };
  }
  if (status === 404) {
    return {
      kind: "no_collection",
      detail: `404: Algolia has no index ${collectionId}`,
      fix: `create the index \`${collectionId}\` or fix SEARCH_DOCS_AREAS`,
    };
  }
  if (status !== 200 || typeof body !== "object" || body === null) {
    return { kind: "unknown", reason: String(status) };
  }
  const entries = (body as { attributesForFaceting?: unknown }).attributesForFaceting;
  const faceted = (Array.isArray(entries) ? entries : []).map((entry) =>
    facetedAttribute(String(entry)),
  );
  const present = faceted.includes(field);
  return {
    kind: "read",
    missing: present ? [] : [field],
    summary: present
      ? `${field} is in attributesForFaceting`
      : `${field} is not in attributesForFaceting (${faceted.join(", ") || "none"})`,
    fix: addFix(collectionId, field),
  };
}
