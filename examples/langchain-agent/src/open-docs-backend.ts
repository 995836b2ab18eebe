import type { Caller, DocsSearch } from "@search-docs/core";
import { backendConfig, describeEngine, openConfiguredDocs } from "@search-docs/core/node";

type Env = Record<string, string | undefined>;

/** The docs the agent searches, as whom, and what to release afterwards. */
export interface DocsBackend {
  docs: DocsSearch;
  /** The one user this script acts for: its credential comes from the environment. */
  caller: Caller;
  /** Which docs, in words, for the first line. */
  label: string;
  close(): Promise<void>;
}

export interface OpenDocsBackendOptions {
  /** Where the start line goes: stderr by default. */
  printError?: (line: string) => void;
}

/**
 * The engine the registry names (SEARCH_DOCS_BACKEND and its variables: every engine), read as
 * one user, as the CLI does; with none set, the embedded fake docs service (test code, loaded only
 * then). One line on stderr names the engine, where (never a credential) and the areas.
 */
export async function openDocsBackend(
  env: Env,
  { printError = console.error }: OpenDocsBackendOptions = {},
): Promise<DocsBackend> {
  const config = backendConfig({ environment: env, mode: "one-user" });
  if (config === undefined) return openEmbedded();
  const { docs, engine } = await openConfiguredDocs(config);
  try {
    if (engine.refresh) printError(`langchain-agent: ${await engine.refresh()}`);
    const description = describeEngine(config, engine.areas);
    printError(`langchain-agent: searching ${description}`);
    // The registry gives a one-user caller in this mode: the key, token or role it read.
    return {
      docs,
      caller: config.caller as Caller,
      label: description,
      close: () => engine.close(),
    };
  } catch (error) {
    await engine.close();
    throw error;
  }
}

async function openEmbedded(): Promise<DocsBackend> {
  const { createDocsSearch } = await import("@search-docs/core");
  const { startFakeDocsService } = await import("@search-docs/core/testing");
  const service = await startFakeDocsService();
  return {
    docs: createDocsSearch({
      baseUrl: service.url,
      areas: service.areas,
      portalUrl: "https://docs.example.com",
    }),
    caller: { token: service.tokens.everything },
    label:
      "embedded fake docs service (set SEARCH_DOCS_BACKEND and its variables for yours: packages/core/docs/configuration.md)",
    close: () => service.close(),
  };
}
