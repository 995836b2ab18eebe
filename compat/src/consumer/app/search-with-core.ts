import { createDocsSearch } from "@search-docs/core";
import { docsConfigFromEnvironment } from "@search-docs/core/node";
import type { FakeDocsService } from "@search-docs/core/testing";
import { z } from "zod";

/** Core alone: configured from SEARCH_DOCS_* (the node subpath), a search, a get_document. */
export async function searchWithCore(service: FakeDocsService) {
  const config = docsConfigFromEnvironment({
    SEARCH_DOCS_BASE_URL: service.url,
    SEARCH_DOCS_AREAS: JSON.stringify(service.areas),
    SEARCH_DOCS_TOKEN: service.tokens.everything,
  });
  if (config === undefined) throw new Error("docsConfigFromEnvironment read nothing");
  const docs = createDocsSearch({ baseUrl: config.baseUrl, areas: config.areas });
  const caller = { token: config.token ?? "" };
  const search = await docs.search({ query: "how do I rotate a service account key" }, { caller });
  const ref = search.output.results[0]?.ref ?? "";
  const document = await docs.getDocument({ ref }, { caller });
  // Core's schemas are zod/mini's; the app's own zod, classic, reads them all the same.
  const inputSchema = z.toJSONSchema(docs.searchInput) as {
    properties: Record<string, { description?: string }>;
  };
  const schemas = {
    queryDescription: inputSchema.properties.query?.description,
    parsedQuery: z.parse(docs.searchInput, { query: "  vpn  " }).query,
  };
  return { search: search.output.status, ref, document: document.output.status, schemas };
}
