import { backendConfig } from "@search-docs/core/node";
import { startFakeDocsService } from "@search-docs/core/testing";
import { embeddedDocsService, setEmbeddedDocsService } from "./embedded-docs-service";

/** Starts the fake docs service (sample corpus, 127.0.0.1) unless SEARCH_DOCS_* names an engine. */
export async function startEmbeddedDocsService(
  environment: Record<string, string | undefined>,
): Promise<void> {
  if (namesAnEngine(environment) || embeddedDocsService() !== undefined) return;
  const service = await startFakeDocsService();
  setEmbeddedDocsService({
    url: service.url,
    areas: service.areas,
    tokens: service.tokens,
    close: () => service.close(),
  });
  console.info(`[search-docs] embedded fake docs service at ${service.url}`);
}

/** A configuration mistake names an engine too: the route says what is wrong, no fake hides it. */
function namesAnEngine(environment: Record<string, string | undefined>): boolean {
  try {
    return backendConfig({ environment, mode: "per-request" }) !== undefined;
  } catch {
    return true;
  }
}
