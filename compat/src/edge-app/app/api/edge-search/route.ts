// search_docs and get_document on Next.js's edge runtime: @search-docs/core's root entry uses no
// Node built-in, so the same client runs here as in a Node route. GET ?query=…[&area=…] searches,
// GET ?ref=… reads, each as the caller the request names. compat/src/edge-runtime.test.ts builds
// it with `next build` and serves it with `next start` (Next.js 16 calls the edge runtime
// deprecated, and says so in every build that has an edge route: hence here, not in an example).
import {
  type Caller,
  createDocsSearch,
  type DocsSearch,
  InvalidInputError,
} from "@search-docs/core";

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

/** The caller from `Authorization: Bearer <token>`; undefined without one, or a malformed one. */
function callerFromRequest(request: Request): Caller | undefined {
  const authorization = request.headers.get("authorization") ?? "";
  const token = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(authorization)?.[1];
  return token === undefined ? undefined : { token };
}
