import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { SearchBackend } from "@search-docs/core";
import { algoliaBackend } from "@search-docs/core/algolia";
import { meilisearchBackend } from "@search-docs/core/meilisearch";
import type { EngineName } from "@search-docs/core/node";
import { loadSections, postgresSchemaSql } from "@search-docs/core/postgres";
import { contractDocuments, startFakeDocsService } from "@search-docs/core/testing";
import { typesenseBackend } from "@search-docs/core/typesense";
import {
  freePort,
  type HostedEngineName,
  sampleElasticsearchIndices,
  startFakeElasticsearch,
  startHostedEngineFixture,
  startPostgresServer,
} from "@search-docs/test-servers";
import pg from "pg";

type Env = Record<string, string>;

/** One engine's server, started once and shared by every entry point. */
export interface EngineServer {
  engine: EngineName;
  /** Only the registry's variables: the engine, where, its one-user credential, the areas. */
  env: Env;
  /** The same, pointed at a port nothing listens on: the engine is down. */
  downEnv: Env;
  /** A query the documents answer, and one they do not. */
  matching: string;
  /** The credential a per-request caller brings (Next.js), and one the engine refuses. */
  callers: { good: string; bad: string } | undefined;
  /** Values that must never be printed (keys, tokens, a password). */
  secrets: string[];
  close(): Promise<void>;
}

export const nothingMatches = "quokka xylophone";

export async function startEngineServer(engine: EngineName): Promise<EngineServer> {
  switch (engine) {
    case "v2":
      return startV2();
    case "elasticsearch":
    case "opensearch":
      return startCluster(engine);
    case "postgres":
      return startPostgres();
    case "folder":
      return startFolder();
    default:
      return startHosted(engine);
  }
}

/** A URL on 127.0.0.1 whose port nothing listens on. */
async function downUrl(path = ""): Promise<string> {
  return `http://127.0.0.1:${await freePort()}${path}`;
}

async function startV2(): Promise<EngineServer> {
  const service = await startFakeDocsService();
  const token = service.tokens.everything;
  const env = {
    SEARCH_DOCS_BACKEND: "v2",
    SEARCH_DOCS_V2_URL: service.url,
    SEARCH_DOCS_TOKEN: token,
    SEARCH_DOCS_AREAS: JSON.stringify(service.areas),
  };
  return {
    engine: "v2",
    env,
    downEnv: { ...env, SEARCH_DOCS_V2_URL: await downUrl() },
    matching: "rotate a service account key",
    callers: { good: token, bad: "not-a-token-of-this-service" },
    secrets: [token],
    close: () => service.close(),
  };
}

async function startCluster(flavor: "elasticsearch" | "opensearch"): Promise<EngineServer> {
  const indices = sampleElasticsearchIndices();
  const apiKey = `${flavor}-cli-api-key`;
  const userToken = `${flavor}-user-token`;
  // Security on: the one-user API key and a per-request user's bearer token each read every index.
  const fake = await startFakeElasticsearch({
    flavor,
    indices,
    users: {
      [`ApiKey ${apiKey}`]: { name: "cli", read: ["*"] },
      [`Bearer ${userToken}`]: { name: "reader", read: ["*"] },
    },
  });
  const prefix = `SEARCH_DOCS_${flavor.toUpperCase()}`;
  const areas = Object.fromEntries(
    Object.keys(indices).map((index) => [index.replace(/^docs-/, ""), [index]]),
  );
  const env = {
    SEARCH_DOCS_BACKEND: flavor,
    [`${prefix}_URL`]: fake.url,
    [`${prefix}_API_KEY`]: apiKey,
    SEARCH_DOCS_AREAS: JSON.stringify(areas),
  };
  return {
    engine: flavor,
    env,
    downEnv: { ...env, [`${prefix}_URL`]: await downUrl() },
    matching: "rotate a service account key",
    callers: { good: userToken, bad: "a-token-the-cluster-refuses" },
    secrets: [apiKey, userToken],
    close: () => fake.close(),
  };
}

async function startPostgres(): Promise<EngineServer> {
  const server = await startPostgresServer();
  const admin = new pg.Pool({ connectionString: server.url, max: 1 });
  admin.on("error", () => {});
  try {
    await admin.query(postgresSchemaSql());
    await loadSections(admin, [
      {
        collectionId: "runbooks",
        documentId: "key-rotation",
        section: 1,
        title: "Rotate the signing key",
        heading: "Steps",
        body: "Create a new signing key, deploy it, then revoke the old key.",
      },
    ]);
  } finally {
    await admin.end();
  }
  const env = {
    SEARCH_DOCS_BACKEND: "postgres",
    SEARCH_DOCS_POSTGRES_URL: server.url,
    SEARCH_DOCS_AREAS: '{"runbooks":["runbooks"]}',
  };
  const down = new URL(server.url);
  down.port = String(await freePort());
  return {
    engine: "postgres",
    env,
    downEnv: { ...env, SEARCH_DOCS_POSTGRES_URL: down.href },
    matching: "rotate the signing key",
    // No row-level security here: the caller's token is not a credential the table checks.
    callers: undefined,
    secrets: [server.password],
    close: () => server.destroy(),
  };
}

/** A real folder of Markdown; down is the folder engine's other source, a site nobody serves. */
async function startFolder(): Promise<EngineServer> {
  const root = mkdtempSync(join(tmpdir(), "search-docs-every-engine-"));
  mkdirSync(join(root, "runbooks"), { recursive: true });
  writeFileSync(
    join(root, "runbooks", "key-rotation.md"),
    "# Key rotation\n\nRotate the signing key every 90 days.\n\n## Steps\n\nCreate the new key, then revoke the old one.\n",
  );
  const env = { SEARCH_DOCS_BACKEND: "folder", SEARCH_DOCS_FOLDER_PATH: root };
  return {
    engine: "folder",
    env,
    downEnv: { ...env, SEARCH_DOCS_FOLDER_PATH: await downUrl("/docs") },
    matching: "rotate the signing key",
    callers: undefined,
    secrets: [],
    close: async () => rmSync(root, { recursive: true, force: true }),
  };
}

async function startHosted(engine: HostedEngineName): Promise<EngineServer> {
  const fixture = await startHostedEngineFixture<SearchBackend>(engine, {
    backends: {
      algolia: algoliaBackend,
      meilisearch: meilisearchBackend,
      typesense: typesenseBackend,
    },
    documents: contractDocuments(),
  });
  const prefix = `SEARCH_DOCS_${engine.toUpperCase()}`;
  const where: Env =
    engine === "algolia"
      ? {
          SEARCH_DOCS_ALGOLIA_APP_ID: "BENCH",
          SEARCH_DOCS_ALGOLIA_HOSTS: fixture.fake.urls.join(","),
        }
      : { [`${prefix}_URL`]: fixture.fake.urls[0] ?? "" };
  const down: Env =
    engine === "algolia"
      ? { SEARCH_DOCS_ALGOLIA_HOSTS: await downUrl() }
      : { [`${prefix}_URL`]: await downUrl() };
  const env: Env = {
    SEARCH_DOCS_BACKEND: engine,
    ...where,
    [`${prefix}_API_KEY`]: fixture.plainKey,
    SEARCH_DOCS_AREAS: JSON.stringify({ handbook: [fixture.index] }),
  };
  return {
    engine,
    env,
    downEnv: { ...env, ...down },
    matching: "incident",
    callers: { good: fixture.plainKey, bad: "a-key-the-engine-refuses" },
    secrets: [fixture.plainKey],
    close: () => fixture.close(),
  };
}
