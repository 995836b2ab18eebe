import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigurationError } from "../errors/configuration-error.js";
import { backendConfig } from "./backend-config.js";
import { backendRegistry } from "./backend-registry.js";
import { edgeBackendConfig } from "./edge-backend-config.js";
import { fetchEngines } from "./engine-descriptions.js";
import type { EngineName } from "./engine-entry.js";

const areas = '{"docs":["docs-index"]}';
const perRequest = (environment: Record<string, string>) =>
  edgeBackendConfig({ environment, mode: "per-request" });

function refusal(run: () => unknown): ConfigurationError {
  try {
    run();
  } catch (error) {
    expect(ConfigurationError.isInstance(error)).toBe(true);
    expect((error as Error).message).not.toContain("\n");
    return error as ConfigurationError;
  }
  throw new Error("expected a ConfigurationError");
}

// Each engine reached over fetch, configured by its own variables alone, as a deployment sets them.
const fetchEnvironments: Array<[EngineName, Record<string, string>, string]> = [
  ["v2", { SEARCH_DOCS_V2_URL: "https://docs-api.example.com/" }, "https://docs-api.example.com"],
  [
    "elasticsearch",
    { SEARCH_DOCS_ELASTICSEARCH_URL: "https://es.example.com:9243" },
    "https://es.example.com:9243",
  ],
  [
    "opensearch",
    { SEARCH_DOCS_OPENSEARCH_URL: "https://os.example.com" },
    "https://os.example.com",
  ],
  ["algolia", { SEARCH_DOCS_ALGOLIA_APP_ID: "APP1" }, "https://APP1-dsn.algolia.net"],
  [
    "meilisearch",
    { SEARCH_DOCS_MEILISEARCH_URL: "https://meili.example.com" },
    "https://meili.example.com",
  ],
  [
    "typesense",
    { SEARCH_DOCS_TYPESENSE_URL: "https://ts.example.com:8108" },
    "https://ts.example.com:8108",
  ],
];

describe("edgeBackendConfig: the registry with no Node built-in", () => {
  it("reads exactly the registry's overFetch engines, with the registry's own entries", () => {
    const overFetch = backendRegistry.filter((entry) => entry.overFetch);
    expect(fetchEngines).toEqual(overFetch);
    for (const entry of fetchEngines) expect(backendRegistry).toContain(entry);
    expect(fetchEngines.map(({ engine }) => engine)).toEqual(
      fetchEnvironments.map(([engine]) => engine),
    );
  });

  it.each(fetchEnvironments)(
    "%s from the environment alone, as the Node reader reads it",
    (engine, environment, origin) => {
      for (const named of [{}, { SEARCH_DOCS_BACKEND: engine }] as Record<string, string>[]) {
        const variables = { ...environment, ...named, SEARCH_DOCS_AREAS: areas };
        const config = perRequest(variables);
        expect(config).toMatchObject({ engine, origin, areas: { docs: ["docs-index"] } });
        // Per request: no process-wide credential, whatever the environment holds.
        expect(config?.caller).toBeUndefined();
        const node = backendConfig({ environment: variables, mode: "per-request" });
        expect({ ...config, open: undefined }).toEqual({ ...node, open: undefined });
      }
    },
  );

  it("per request ignores a process-wide key; one user sends it, as on Node", () => {
    const environment = {
      SEARCH_DOCS_TYPESENSE_URL: "https://ts.example.com",
      SEARCH_DOCS_TYPESENSE_API_KEY: "process-wide-key",
      SEARCH_DOCS_AREAS: areas,
    };
    expect(perRequest(environment)?.caller).toBeUndefined();
    const oneUser = edgeBackendConfig({ environment, mode: "one-user" });
    expect(oneUser?.caller).toEqual({ token: "process-wide-key" });
  });

  it.each([
    [{ SEARCH_DOCS_BACKEND: "postgres" }, "SEARCH_DOCS_BACKEND", "PostgreSQL (postgres)"],
    [
      { SEARCH_DOCS_POSTGRES_URL: "postgres://reader:hunter2@db.example.com/docs" },
      "SEARCH_DOCS_POSTGRES_URL",
      "PostgreSQL (postgres)",
    ],
    [
      {
        SEARCH_DOCS_BACKEND: "postgres",
        SEARCH_DOCS_POSTGRES_URL: "postgres://reader:hunter2@db.example.com/docs",
      },
      "SEARCH_DOCS_BACKEND",
      "PostgreSQL (postgres)",
    ],
    [{ SEARCH_DOCS_BACKEND: "folder" }, "SEARCH_DOCS_BACKEND", "a docs folder (folder)"],
    [{ SEARCH_DOCS_FOLDER_PATH: "./docs" }, "SEARCH_DOCS_FOLDER_PATH", "a docs folder (folder)"],
  ])("%o is one line naming the engine and the Node route", (environment, option, named) => {
    const error = refusal(() => perRequest({ ...environment, SEARCH_DOCS_AREAS: areas }));
    expect(error.option).toBe(option);
    expect(error.message).toBe(
      `${option} names ${named}, which an edge runtime cannot reach: serve it from a Node route (the edge runtime reads v2, elasticsearch, opensearch, algolia, meilisearch, typesense)`,
    );
    expect(error.message).not.toContain("hunter2");
  });

  it("SEARCH_DOCS_AREAS as a file's path is refused (the Node reader reads that file)", () => {
    const file = join(mkdtempSync(join(tmpdir(), "search-docs-edge-areas-")), "areas.json");
    writeFileSync(file, areas);
    const environment = { SEARCH_DOCS_MEILISEARCH_URL: "https://m.example.com" };
    const node = backendConfig({
      environment: { ...environment, SEARCH_DOCS_AREAS: file },
      mode: "per-request",
    });
    expect(node?.areas).toEqual({ docs: ["docs-index"] });
    const error = refusal(() => perRequest({ ...environment, SEARCH_DOCS_AREAS: file }));
    expect(error.option).toBe("SEARCH_DOCS_AREAS");
    expect(error.message).toBe(
      "SEARCH_DOCS_AREAS is not JSON, and an edge runtime reads no file: give the Meilisearch backend's areas as JSON here, or read the file from a Node route",
    );
  });

  it.each([
    [
      {
        SEARCH_DOCS_V2_URL: "https://a.example.com",
        SEARCH_DOCS_TYPESENSE_URL: "https://b.example.com",
      },
    ],
    [{ SEARCH_DOCS_BACKEND: "typesense" }],
    [{ SEARCH_DOCS_BACKEND: "solr" }],
    [{ SEARCH_DOCS_TYPESENSE_URL: "ftp://ts.example.com" }],
    [{ SEARCH_DOCS_ALGOLIA_APP_ID: "APP1", SEARCH_DOCS_ALGOLIA_RECORDS: "pages" }],
  ])("%o: the same one-line refusal as the Node reader", (environment) => {
    const variables = { ...environment, SEARCH_DOCS_AREAS: areas };
    const edge = refusal(() => perRequest(variables));
    const node = refusal(() => backendConfig({ environment: variables, mode: "per-request" }));
    expect([edge.option, edge.message]).toEqual([node.option, node.message]);
  });

  it("nothing configured is undefined", () => {
    expect(perRequest({ PATH: "/usr/bin" })).toBeUndefined();
  });
});
