import type { Caller, DocsSearch } from "@search-docs/core";
import { backendConfig, describeEngine, openConfiguredDocs } from "@search-docs/core/node";

type Env = Record<string, string | undefined>;

/** Where the backend's variables come from, and where the start line goes (stderr). */
export interface QuickstartOptions {
  env?: Record<string, string | undefined>;
  printError?: (line: string) => void;
}

/** The docs a quickstart searches, as whom, and what to release afterwards. */
export interface QuickstartDocs {
  docs: DocsSearch;
  /** The one user running the quickstart: the credential the environment names. */
  caller: Caller;
  close(): Promise<void>;
}

/**
 * Your docs when SEARCH_DOCS_BACKEND and its variables are set (any engine of the registry:
 * packages/core/docs/configuration.md), read as one user like the CLI; else the embedded fake
 * docs service. One line on stderr says which engine, where (never a credential) and the areas.
 */
export async function openQuickstartDocs(
  env: Env = process.env,
  printError: (line: string) => void = console.error,
): Promise<QuickstartDocs> {
  const config = backendConfig({ environment: env, mode: "one-user" });
  if (config === undefined) return openEmbedded(printError);
  const { docs, engine } = await openConfiguredDocs(config);
  try {
    if (engine.refresh) printError(`quickstart: ${await engine.refresh()}`);
    printError(`quickstart: searching ${describeEngine(config, engine.areas)}`);
    return { docs, caller: config.caller as Caller, close: () => engine.close() };
  } catch (error) {
    await engine.close();
    throw error;
  }
}

async function openEmbedded(printError: (line: string) => void): Promise<QuickstartDocs> {
  const { createDocsSearch } = await import("@search-docs/core");
  const { startFakeDocsService } = await import("@search-docs/core/testing");
  const service = await startFakeDocsService();
  printError(
    `quickstart: the embedded fake docs service at ${service.url} (sample corpus; set SEARCH_DOCS_BACKEND and its variables for yours)`,
  );
  return {
    docs: createDocsSearch({
      baseUrl: service.url,
      areas: service.areas,
      portalUrl: "https://docs.example.com",
    }),
    caller: { token: service.tokens.everything },
    close: () => service.close(),
  };
}
