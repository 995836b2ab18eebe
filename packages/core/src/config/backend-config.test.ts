import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigurationError } from "../errors/configuration-error.js";
import { backendConfig } from "./backend-config.js";
import { backendRegistry } from "./backend-registry.js";
import { configJsonSchema } from "./config-json-schema.js";
import { engineNames } from "./engine-entry.js";

const areas = '{"docs":["docs"]}';
const oneUser = (environment: Record<string, string>, more: object = {}) =>
  backendConfig({ environment, mode: "one-user", ...more });

function refusal(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    expect(ConfigurationError.isInstance(error)).toBe(true);
    const message = (error as Error).message;
    expect(message).not.toContain("\n");
    return message;
  }
  throw new Error("expected a ConfigurationError");
}

describe("the backend registry", () => {
  it("lists every engine SEARCH_DOCS_BACKEND names, each variable named SEARCH_DOCS_<ENGINE>_…", () => {
    expect(backendRegistry.map((entry) => entry.engine)).toEqual([...engineNames]);
    for (const entry of backendRegistry) {
      for (const variable of entry.variables) {
        expect(variable.name.startsWith(`SEARCH_DOCS_${entry.engine.toUpperCase()}_`)).toBe(true);
      }
    }
  });

  it.each([
    [{ SEARCH_DOCS_BASE_URL: "http://127.0.0.1:8080", SEARCH_DOCS_TOKEN: "t" }, "v2"],
    [{ SEARCH_DOCS_V2_URL: "http://127.0.0.1:8080", SEARCH_DOCS_TOKEN: "t" }, "v2"],
    [
      { SEARCH_DOCS_ELASTICSEARCH_URL: "http://127.0.0.1:9200", SEARCH_DOCS_TOKEN: "t" },
      "elasticsearch",
    ],
    [
      {
        SEARCH_DOCS_ELASTICSEARCH_URL: "http://127.0.0.1:9200",
        SEARCH_DOCS_ELASTICSEARCH_FLAVOR: "opensearch",
        SEARCH_DOCS_ELASTICSEARCH_API_KEY: "k",
      },
      "opensearch",
    ],
    [
      { SEARCH_DOCS_OPENSEARCH_URL: "http://127.0.0.1:9200", SEARCH_DOCS_OPENSEARCH_API_KEY: "k" },
      "opensearch",
    ],
    [{ SEARCH_DOCS_POSTGRES_URL: "postgres://u:secret@127.0.0.1/db" }, "postgres"],
    [{ SEARCH_DOCS_ALGOLIA_APP_ID: "APP1", SEARCH_DOCS_ALGOLIA_API_KEY: "k" }, "algolia"],
    [
      {
        SEARCH_DOCS_MEILISEARCH_URL: "http://127.0.0.1:7700",
        SEARCH_DOCS_MEILISEARCH_API_KEY: "k",
      },
      "meilisearch",
    ],
    [
      { SEARCH_DOCS_TYPESENSE_URL: "http://127.0.0.1:8108", SEARCH_DOCS_TYPESENSE_API_KEY: "k" },
      "typesense",
    ],
  ])("%o alone names %s, with SEARCH_DOCS_BACKEND or without", (environment, engine) => {
    const inferred = oneUser({ ...environment, SEARCH_DOCS_AREAS: areas });
    expect(inferred?.engine).toBe(engine);
    const named = oneUser({
      ...environment,
      SEARCH_DOCS_AREAS: areas,
      SEARCH_DOCS_BACKEND: engine,
    });
    expect(named?.engine).toBe(engine);
    expect(named?.origin).not.toMatch(/secret|\bk\b|\bt\b/);
  });

  it("nothing set is undefined (the entry point's fake); --docs is the folder", () => {
    expect(oneUser({})).toBeUndefined();
    const folder = oneUser({}, { docsFolder: tmpdir() });
    expect(folder?.engine).toBe("folder");
  });

  it("two engines' variables are one line naming both, never a silent pick", () => {
    const message = refusal(() =>
      oneUser({
        SEARCH_DOCS_BASE_URL: "http://127.0.0.1:8080",
        SEARCH_DOCS_POSTGRES_URL: "postgres://127.0.0.1/db",
        SEARCH_DOCS_AREAS: areas,
      }),
    );
    expect(message).toContain("SEARCH_DOCS_BASE_URL");
    expect(message).toContain("SEARCH_DOCS_POSTGRES_URL");
  });

  it("an engine's variable beside another SEARCH_DOCS_BACKEND names both", () => {
    const message = refusal(() =>
      oneUser({
        SEARCH_DOCS_BACKEND: "postgres",
        SEARCH_DOCS_POSTGRES_URL: "postgres://127.0.0.1/db",
        SEARCH_DOCS_TYPESENSE_URL: "http://127.0.0.1:8108",
        SEARCH_DOCS_AREAS: areas,
      }),
    );
    expect(message).toBe(
      "SEARCH_DOCS_TYPESENSE_URL is Typesense's, but SEARCH_DOCS_BACKEND is postgres: unset one",
    );
  });

  it.each([
    [{ SEARCH_DOCS_BACKEND: "solr" }, "SEARCH_DOCS_BACKEND must be one of v2, elasticsearch"],
    [{ SEARCH_DOCS_AREAS: areas }, "SEARCH_DOCS_AREAS is set but no engine is"],
    [
      { SEARCH_DOCS_BACKEND: "typesense", SEARCH_DOCS_AREAS: areas },
      "SEARCH_DOCS_TYPESENSE_URL is not set",
    ],
    [
      {
        SEARCH_DOCS_TYPESENSE_URL: "http://x",
        SEARCH_DOCS_TYPESENSE_API_KEY: "k",
        SEARCH_DOCS_AREAS: areas,
        SEARCH_DOCS_TOKEN: "t",
      },
      "SEARCH_DOCS_TOKEN is set, but the typesense backend does not read it",
    ],
    [
      {
        SEARCH_DOCS_TYPESENSE_URL: "http://x",
        SEARCH_DOCS_TYPESENSE_API_KEY: "k",
        SEARCH_DOCS_AREAS: areas,
        SEARCH_DOCS_TYPESENSE_RECORDS: "pages",
      },
      "SEARCH_DOCS_TYPESENSE_RECORDS must be one of docsearch, sections",
    ],
  ])("%o is refused: %s", (environment, message) => {
    expect(refusal(() => oneUser(environment))).toContain(message);
  });

  it("a server (per request) needs no credential from the environment", () => {
    const config = backendConfig({
      environment: { SEARCH_DOCS_TYPESENSE_URL: "http://127.0.0.1:8108", SEARCH_DOCS_AREAS: areas },
      mode: "per-request",
    });
    expect(config?.engine).toBe("typesense");
    expect(config?.caller).toBeUndefined();
  });
});

describe("--config <file>", () => {
  const write = (content: unknown) => {
    const path = join(mkdtempSync(join(tmpdir(), "search-docs-config-")), "config.json");
    writeFileSync(path, JSON.stringify(content));
    return path;
  };

  it("holds the same keys as the environment, areas as an object; the environment's credential beside it", () => {
    const configFile = write({
      $schema: "./config.schema.json",
      SEARCH_DOCS_BACKEND: "typesense",
      SEARCH_DOCS_TYPESENSE_URL: "http://127.0.0.1:8108",
      SEARCH_DOCS_AREAS: { docs: ["docs"] },
    });
    const config = oneUser({ SEARCH_DOCS_TYPESENSE_API_KEY: "k" }, { configFile });
    expect(config).toMatchObject({ engine: "typesense", areas: { docs: ["docs"] } });
  });

  it("refuses a credential in the file, and keys it does not know", () => {
    const withKey = write({ SEARCH_DOCS_TYPESENSE_API_KEY: "k" });
    expect(refusal(() => oneUser({}, { configFile: withKey }))).toContain(
      "SEARCH_DOCS_TYPESENSE_API_KEY is a credential: set it in the environment",
    );
    const unknown = write({ SEARCH_DOCS_TYPESENS_URL: "x" });
    expect(refusal(() => oneUser({}, { configFile: unknown }))).toContain(
      "SEARCH_DOCS_TYPESENS_URL is not a configuration key",
    );
  });

  it("config.schema.json in the package is the registry's schema", () => {
    const published = JSON.parse(
      readFileSync(new URL("../../config.schema.json", import.meta.url), "utf8"),
    );
    expect(published).toEqual(configJsonSchema());
    const keys = Object.keys(published.properties);
    for (const entry of backendRegistry) {
      for (const variable of entry.variables) {
        expect(keys.includes(variable.name)).toBe(!variable.secret);
      }
    }
  });
});
