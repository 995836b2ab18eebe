import { type DocsToolContext, type DocsTools, docsTools } from "@search-docs/ai-sdk";
import { createDocsSearch, type DocsSearch, type Trace } from "@search-docs/core";
import { backendConfig, describeEngine, type EngineConfig } from "@search-docs/core/node";
import { embeddedDocsService } from "./embedded-docs-service";
import { type SharedStores, sharedStoresFromEnvironment } from "./shared-stores-from-environment";

/** The docs search and its tools, configured once per process and shared by every request. */
export interface DocsBackend {
  docs: DocsSearch;
  /** Built without a caller: each request passes its own through `toolsContext`. */
  tools: DocsTools<string, DocsToolContext>;
  /** Which backend, in words, for the page. */
  description: string;
  /** The embedded fake service's demo tokens, offered as sign-ins; undefined for a real backend. */
  demoTokens: Readonly<Record<string, string>> | undefined;
  /** Releases the engine's pool or index (tests; a long-lived server never calls it). */
  close(): Promise<void>;
}

type Environment = Record<string, string | undefined>;

// On globalThis, like the embedded service: one backend (and one ref store) per process.
const key = Symbol.for("search-docs.example.nextjs-chat.docs-backend");
type Holder = { [key]?: Promise<DocsBackend> };

/**
 * The engine the registry names (SEARCH_DOCS_BACKEND and its variables: every engine, this route
 * runs on Node), or under `next dev` the embedded fake docs service. Made on the first call (never
 * at import: `next build` loads the route without the backend's variables); a failed open is
 * forgotten, so the next request tries again and says what is wrong again.
 */
export function docsBackend(environment: Environment = process.env): Promise<DocsBackend> {
  const holder = globalThis as Holder;
  const opening = holder[key] ?? openBackend(environment);
  holder[key] = opening;
  opening.catch(() => {
    if (holder[key] === opening) delete holder[key];
  });
  return opening;
}

/** Forgets the process's backend (tests that open several configurations in one process). */
export async function closeDocsBackend(): Promise<void> {
  const holder = globalThis as Holder;
  const opening = holder[key];
  delete holder[key];
  await (await opening?.catch(() => undefined))?.close();
}

async function openBackend(environment: Environment): Promise<DocsBackend> {
  // Per request: each request's user credential is the caller, so the engine's own access rules
  // decide what that user reads; a process-wide key or token would give every user one scope.
  const config = backendConfig({ environment, mode: "per-request" });
  // Several instances (serverless, a load balancer) share refs through SEARCH_DOCS_REDIS_URL.
  const shared = sharedStoresFromEnvironment(environment) ?? {};
  if (config !== undefined) return openEngine(config, shared);
  const service = embeddedDocsService();
  if (service === undefined) {
    throw new Error(
      "Set SEARCH_DOCS_BACKEND and its variables (packages/core/docs/configuration.md): the embedded fake docs service only runs under next dev.",
    );
  }
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
    close: async () => {},
  };
}

async function openEngine(
  config: EngineConfig,
  shared: Partial<SharedStores>,
): Promise<DocsBackend> {
  const engine = await config.open();
  try {
    // A folder builds its index before the first request rather than answering "try again".
    if (engine.refresh) console.error(`[search-docs] ${await engine.refresh()}`);
    const docs = createDocsSearch({
      backend: engine.backend,
      areas: engine.areas,
      ...(config.portalUrl ? { portalUrl: config.portalUrl } : {}),
      ...shared,
      onTrace: logTrace,
    });
    const description = describeEngine(config, engine.areas);
    // The start line: which engine, where (never a credential) and the areas.
    console.error(`[search-docs] searching ${description}`);
    return {
      docs,
      tools: docsTools(docs),
      description,
      demoTokens: undefined,
      close: () => engine.close(),
    };
  } catch (error) {
    await engine.close();
    throw error;
  }
}

// One line per tool call on the server; a trace carries no credential.
function logTrace(trace: Trace): void {
  console.info(
    `[search-docs] ${trace.tool} ${trace.status}: ` +
      (trace.tool === "search_docs" ? `${trace.returned} result(s), ` : "") +
      `${trace.requests.length} upstream request(s), ${Math.round(trace.durationMs)} ms, trace ${trace.traceId}`,
  );
}
