import { createHash } from "node:crypto";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { backendConfig } from "../config/backend-config.js";
import { describeEngine } from "../config/describe-engine.js";
import { openConfiguredDocs } from "../config/open-configured-docs.js";
import type { Caller } from "../contract/caller.js";
import { createDocsSearch, type DocsSearch } from "../create-docs-search.js";
import type { RefStore } from "../refs/ref-store.js";
import type { CliIo } from "./cli-io.js";
import { startEmbedded } from "./embedded-service.js";
import { FileRefStore } from "./file-ref-store.js";
import {
  CliConfigError,
  type CliValues,
  embeddedCallers,
  usesEmbeddedFlags,
} from "./parse-command-line.js";

/** The docs the CLI searches, whose credentials, and what to release afterwards. */
export interface OpenedDocs {
  docs: DocsSearch;
  caller: Caller;
  /** The variable whose credential the engine may refuse (401). */
  credential: string;
  /** Distinct collections over every area: what one question without an area fans out to. */
  collections: number;
  close(): Promise<void>;
}

/**
 * The backend the registry names (SEARCH_DOCS_*, `--config`, `--docs`), or with none the embedded
 * fake docs service. One line on stderr says which engine, where (never a credential) and the areas.
 */
export async function openBackend(
  values: CliValues,
  io: CliIo,
  options: { refStore?: RefStore } = {},
): Promise<OpenedDocs> {
  const config = backendConfig({
    environment: io.environment,
    mode: "one-user",
    configFile: values.config,
    docsFolder: values.docs,
  });
  if (config !== undefined && usesEmbeddedFlags(values)) {
    throw new CliConfigError(
      "--as, --reindex, --shed, --corpus and --port apply to the embedded fake service only",
    );
  }
  if (config === undefined) return openEmbedded(values, io, options.refStore);
  const { docs, engine } = await openConfiguredDocs(config, {
    refStore: options.refStore ?? refStoreFor(`${config.engine}:${config.origin}`, io.environment),
  });
  try {
    if (engine.refresh) io.err(`${await engine.refresh()}\n`);
    io.err(`Searching ${describeEngine(config, engine.areas)}\n`);
    return {
      docs,
      caller: config.caller as Caller,
      credential: config.credential ?? "SEARCH_DOCS_TOKEN",
      collections: collectionCount(engine.areas),
      close: () => engine.close(),
    };
  } catch (error) {
    await engine.close();
    throw error;
  }
}

async function openEmbedded(
  values: CliValues,
  io: CliIo,
  refStore: RefStore | undefined,
): Promise<OpenedDocs> {
  const service = await startEmbedded(values);
  const docs = createDocsSearch({
    baseUrl: service.url,
    areas: service.areas,
    portalUrl: "https://docs.example.internal",
    refStore: refStore ?? refStoreFor("embedded", io.environment),
  });
  const who = (values.as ?? "everything") as keyof typeof embeddedCallers;
  io.err(
    `Using the embedded fake docs service at ${service.url} (sample corpus; set SEARCH_DOCS_BACKEND and its variables for a real backend: search-docs --help), as ${who}\n`,
  );
  return {
    docs,
    caller: { token: service.tokens[embeddedCallers[who]] },
    credential: "SEARCH_DOCS_TOKEN",
    collections: collectionCount(service.areas),
    close: () => service.close(),
  };
}

/** Where `get` finds the refs earlier searches issued: one file per backend (SEARCH_DOCS_REF_DIR). */
function refStoreFor(backend: string, environment: NodeJS.ProcessEnv) {
  const key = createHash("sha256").update(backend).digest("hex").slice(0, 12);
  const directory = environment.SEARCH_DOCS_REF_DIR ?? join(tmpdir(), "search-docs-cli");
  return new FileRefStore(join(directory, `refs-${key}.json`));
}

function collectionCount(areas: Readonly<Record<string, readonly string[]>>): number {
  return new Set(Object.values(areas).flat()).size;
}
