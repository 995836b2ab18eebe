import { type DocsToolContext, type DocsTools, docsTools } from "@search-docs/ai-sdk";
import { createDocsSearch, type DocsSearch, type Trace } from "@search-docs/core";
import { elasticsearchBackend } from "@search-docs/core/elasticsearch";
import {
  docsConfigFromEnvironment,
  elasticsearchConfigFromEnvironment,
} from "@search-docs/core/node";
import { embeddedDocsService } from "./embedded-docs-service";
import { sharedStoresFromEnvironment } from "./shared-stores-from-environment";

/** The docs search and its tools, configured once per process and shared by every request. */
export interface DocsBackend {
  docs: DocsSearch;
  /** Built without a caller: each request passes its own through `toolsContext`. */
  tools: DocsTools<string, DocsToolContext>;
  /** Which backend, in words, for the page. */
  description: string;
  /** The embedded fake service's demo tokens, offered as sign-ins; undefined for a real backend. */
  demoTokens: Readonly<Record<string, string>> | undefined;
}

type Environment = Record<string, string | undefined>;

// On globalThis, like the embedded service: one backend (and one ref store) per process.
const key = Symbol.for("search-docs.example.nextjs-chat.docs-backend");
type Holder = { [key]?: DocsBackend };

/**
 * The backend named by SEARCH_DOCS_*, or under `next dev` the embedded fake docs service. Made on
 * the first call (never at import: `next build` loads the route without the backend's variables).
 */
export function docsBackend(environment: Environment = process.env): DocsBackend {
  const holder = globalThis as Holder;
  holder[key] ??= openBackend(environment);
  return holder[key];
}

function openBackend(environment: Environment): DocsBackend {
  // Elasticsearch or OpenSearch (SEARCH_DOCS_ELASTICSEARCH_URL): each request's user token is sent
  // as a bearer, so the cluster's own index privileges decide what that user reads.
  const elasticsearch = elasticsearchConfigFromEnvironment(environment, { caller: "ignored" });
  if (elasticsearch !== undefined) {
    const docs = createDocsSearch({
      backend: elasticsearchBackend({ url: elasticsearch.url, flavor: elasticsearch.flavor }),
      areas: elasticsearch.areas,
      ...(elasticsearch.portalUrl ? { portalUrl: elasticsearch.portalUrl } : {}),
      ...(sharedStoresFromEnvironment(environment) ?? {}),
      onTrace: logTrace,
    });
    const description = `${elasticsearch.flavor} at ${new URL(elasticsearch.url).host}`;
    return { docs, tools: docsTools(docs), description, demoTokens: undefined };
  }
  const config = docsConfigFromEnvironment(environment, { token: "ignored" });
  const embedded = config === undefined ? embeddedDocsService() : undefined;
  if (config === undefined && embedded === undefined) {
    throw new Error(
      "Set SEARCH_DOCS_BASE_URL and SEARCH_DOCS_AREAS: the embedded fake docs service only runs under next dev.",
    );
  }
  // Several instances (serverless, a load balancer) share refs through SEARCH_DOCS_REDIS_URL.
  const shared = sharedStoresFromEnvironment(environment) ?? {};
  if (config !== undefined) {
    const docs = createDocsSearch({ ...config, ...shared, onTrace: logTrace });
    const description = `the docs backend at ${new URL(config.baseUrl).host}`;
    return { docs, tools: docsTools(docs), description, demoTokens: undefined };
  }
  const service = embedded as NonNullable<typeof embedded>;
  const docs = createDocsSearch({
    baseUrl: service.url,
    areas: service.areas,
    portalUrl: environment.SEARCH_DOCS_PORTAL_URL?.trim() || "https://docs.example.internal",
    ...shared,
    onTrace: logTrace,
  });
  return {
    docs,
    tools: docsTools(docs),
    description: `the embedded fake docs service at ${service.url} (sample corpus)`,
    demoTokens: service.tokens,
  };
}

// One line per tool call on the server; a trace carries no credential.
function logTrace(trace: Trace): void {
  console.info(
    `[search-docs] ${trace.tool} ${trace.status}: ` +
      (trace.tool === "search_docs" ? `${trace.returned} result(s), ` : "") +
      `${trace.requests.length} upstream request(s), ${Math.round(trace.durationMs)} ms, trace ${trace.traceId}`,
  );
}
