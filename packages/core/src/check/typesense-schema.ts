import type { RecordLayoutOptions } from "../backend-kit/record-layout.js";
import {
  getJson,
  hostedFinding,
  keyOf,
  layoutFor,
  type SettingsAnswer,
} from "./hosted-inspection.js";
import type { LayoutInspector } from "./layout-inspector.js";

/**
 * Typesense: the collection's schema (`GET /collections/{name}`, "Retrieve a collection",
 * https://typesense.org/docs/27.1/api/collections.html#retrieve-a-collection) must declare every
 * field the backend names in `query_by` and `filter_by`; Typesense answers 404 "Could not find
 * a field named ..." otherwise. Reading a schema takes the `collections:get` action, which a
 * search key lacks (401): then only the probe and get_document below speak.
 */
export function typesenseSchemaInspector(target: {
  url: string;
  records: RecordLayoutOptions["records"];
}): LayoutInspector {
  const base = target.url.replace(/\/+$/, "");
  const layout = layoutFor("typesense", target.records);
  const needed = [...new Set([...layout.searchedFields, layout.documentField])];
  return {
    async inspect(collectionId, caller) {
      const headers = { "x-typesense-api-key": keyOf(caller) };
      const path = `/collections/${encodeURIComponent(collectionId)}`;
      const settings = await schemaOf(base + path, headers, collectionId, needed);
      return hostedFinding(
        settings,
        async () => {
          const found = await getJson(`${base}${path}/documents/search?q=*&per_page=1`, {
            headers,
          });
          const hits = (found.body as { hits?: { document?: Record<string, unknown> }[] })?.hits;
          return hits?.[0]?.document;
        },
        layout,
        "SEARCH_DOCS_TYPESENSE_RECORDS",
      );
    },
    documentFix: (collectionId) =>
      `declare ${layout.documentField} as an indexed string field of collection ${collectionId}: PATCH /collections/${collectionId} {"fields":[{"name":"${layout.documentField}","type":"string"}]}`,
    close: async () => {},
  };
}

async function schemaOf(
  url: string,
  headers: Record<string, string>,
  collectionId: string,
  needed: readonly string[],
): Promise<SettingsAnswer> {
  const { status, body } = await getJson(url, { headers });
  if (status === 401 || status === 403) {
    return { kind: "refused", reason: `${status}: the key lacks collections:get` };
  }
  if (status === 404) {
    return {
      kind: "no_collection",
      detail: `404: Typesense has no collection ${collectionId}`,
      fix: `create the collection \`${collectionId}\` or fix SEARCH_DOCS_AREAS`,
    };
  }
  const fields = (body as { fields?: { name?: unknown }[] } | undefined)?.fields;
  if (status !== 200 || !Array.isArray(fields)) return { kind: "unknown", reason: String(status) };
  const declared = new Set(fields.map((field) => String(field.name)));
  // A `.*` auto field declares every field.
  const missing = declared.has(".*") ? [] : needed.filter((name) => !declared.has(name));
  return {
    kind: "read",
    missing,
    summary:
      missing.length === 0
        ? `the schema declares ${needed.join(", ")}`
        : `the schema of ${collectionId} lacks ${missing.join(", ")}`,
    fix: `add ${missing.join(", ")} to collection ${collectionId}'s schema: PATCH /collections/${collectionId} {"fields":[${missing.map((name) => `{"name":"${name}","type":"string"}`).join(",")}]}`,
  };
}
