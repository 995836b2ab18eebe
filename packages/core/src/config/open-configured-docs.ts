import { createDocsSearch, type DocsSearch } from "../create-docs-search.js";
import type { RefStore } from "../refs/ref-store.js";
import type { EngineConfig, OpenedEngine } from "./engine-entry.js";

/**
 * The configured engine opened and wrapped as the docs search every entry point serves (its
 * areas, its portal); the engine is released if the wrapping fails, so no bin leaks a pool.
 */
export async function openConfiguredDocs(
  config: EngineConfig,
  options: { refStore?: RefStore } = {},
): Promise<{ docs: DocsSearch; engine: OpenedEngine }> {
  const engine = await config.open();
  try {
    const docs = createDocsSearch({
      backend: engine.backend,
      areas: engine.areas,
      ...(options.refStore ? { refStore: options.refStore } : {}),
      ...(config.portalUrl ? { portalUrl: config.portalUrl } : {}),
    });
    return { docs, engine };
  } catch (error) {
    await engine.close();
    throw error;
  }
}
