import { createDocsSearch, type DocumentOutput, type SearchOutput } from "@search-docs/core";

/** A docs backend and one user's token: what each runtime is handed. */
export interface SearchAndReadOptions {
  baseUrl: string;
  areas: Record<string, string[]>;
  token: string;
}

export interface SearchAndReadResult {
  search: SearchOutput;
  document: DocumentOutput | undefined;
  traceIds: string[];
}

/** One search, then get_document on its best result: what every runtime test runs. */
export async function searchAndRead(options: SearchAndReadOptions): Promise<SearchAndReadResult> {
  const docs = createDocsSearch({ baseUrl: options.baseUrl, areas: options.areas });
  const caller = { token: options.token };
  const search = await docs.search({ query: "how do I rotate a service account key" }, { caller });
  const ref = search.output.results[0]?.ref;
  const document = ref === undefined ? undefined : await docs.getDocument({ ref }, { caller });
  return {
    search: search.output,
    document: document?.output,
    traceIds: [search.trace.traceId, ...(document ? [document.trace.traceId] : [])],
  };
}
