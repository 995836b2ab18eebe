// search_docs and get_document on the edge runtime: @search-docs/core's root entry uses no Node
// built-in, so the same client runs here as in the Node chat route. GET ?query=…[&area=…]
// searches, GET ?ref=… reads, each as the caller the request names.
import { createDocsSearch, type DocsSearch, InvalidInputError } from "@search-docs/core";
import { callerFromRequest } from "../../../lib/caller-from-request";

export const runtime = "edge";

// Made on the first request and kept by this isolate: `next build` loads the route without the
// backend's variables. An edge runtime reads no file, so SEARCH_DOCS_AREAS is JSON here
// (docsConfigFromEnvironment, which also takes a path, lives in the Node-only subpath).
let docs: DocsSearch | undefined;
function edgeDocs(): DocsSearch {
  docs ??= createDocsSearch({
    baseUrl: process.env.SEARCH_DOCS_BASE_URL ?? "",
    areas: JSON.parse(process.env.SEARCH_DOCS_AREAS ?? "{}") as Record<string, string[]>,
    ...(process.env.SEARCH_DOCS_PORTAL_URL
      ? { portalUrl: process.env.SEARCH_DOCS_PORTAL_URL }
      : {}),
  });
  return docs;
}

export async function GET(request: Request): Promise<Response> {
  const caller = callerFromRequest(request);
  if (caller === undefined) {
    return Response.json(
      { error: "Send Authorization: Bearer <your docs token>." },
      { status: 401 },
    );
  }
  const parameters = new URL(request.url).searchParams;
  const ref = parameters.get("ref");
  const query = parameters.get("query");
  try {
    const options = { caller, signal: request.signal };
    const { output, trace, urls } =
      ref !== null
        ? await edgeDocs().getDocument({ ref }, options)
        : await edgeDocs().search(
            {
              query: query ?? "",
              ...(parameters.get("area") ? { area: parameters.get("area") ?? "" } : {}),
            },
            options,
          );
    return Response.json({ output, traceId: trace.traceId, urls });
  } catch (error) {
    // Core's errors are one line and never carry a credential: bad input is the client's (400),
    // a configuration mistake (SEARCH_DOCS_*) the server's (500).
    const status = InvalidInputError.isInstance(error) ? 400 : 500;
    return Response.json({ error: (error as Error).message }, { status });
  }
}
