// search_docs and get_document on Next.js's edge runtime, on the engine core's registry names:
// @search-docs/core/edge-config reads the engines reached over fetch (v2, Elasticsearch,
// OpenSearch, Algolia, Meilisearch, Typesense) from the environment with no Node built-in;
// PostgreSQL or a folder is its one-line error saying a Node route serves them. GET ?query=…
// [&area=…] searches, GET ?ref=… reads, each as the caller the request names.
// compat/src/edge-runtime.test.ts builds it with `next build` and serves it with `next start`
// (Next.js 16 calls the edge runtime deprecated, and says so in every build that has an edge
// route: hence here, not in an example).
import { type Caller, type DocsSearch, InvalidInputError } from "@search-docs/core";
import {
  describeEngine,
  edgeBackendConfig,
  openConfiguredDocs,
} from "@search-docs/core/edge-config";

export const runtime = "edge";

// Made on the first request and kept by this isolate (`next build` loads the route without the
// backend's variables); a failed open is forgotten, so the next request says what is wrong again.
let opening: Promise<DocsSearch> | undefined;
function edgeDocs(): Promise<DocsSearch> {
  const current = opening ?? openEdgeDocs();
  opening = current;
  current.catch(() => {
    if (opening === current) opening = undefined;
  });
  return current;
}

async function openEdgeDocs(): Promise<DocsSearch> {
  // Per request: each request's user credential is the caller; a process-wide key or token in
  // the environment is never sent, so the engine's own access rules decide what each user reads.
  const config = edgeBackendConfig({ environment: process.env, mode: "per-request" });
  if (config === undefined) {
    throw new Error(
      "Set SEARCH_DOCS_BACKEND and its variables (packages/core/docs/configuration.md).",
    );
  }
  const { docs, engine } = await openConfiguredDocs(config);
  // The start line: which engine, where (never a credential) and the areas.
  console.error(`[search-docs] searching ${describeEngine(config, engine.areas)}`);
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
    const docs = await edgeDocs();
    const options = { caller, signal: request.signal };
    const { output, trace, urls } =
      ref !== null
        ? await docs.getDocument({ ref }, options)
        : await docs.search(
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
