import {
  crawlerIndexMapping,
  type FakeElasticsearch,
  startFakeElasticsearch,
} from "@search-docs/test-servers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadLayoutInspector } from "../check/load-layout-inspector.js";
import { ConfigurationError } from "../errors/configuration-error.js";
import { backendConfig } from "./backend-config.js";
import { openConfiguredDocs } from "./open-configured-docs.js";

// Page records from the environment: SEARCH_DOCS_ELASTICSEARCH_RECORDS=elastic-crawler reaches
// the backend (a crawled index searched and read at its section, through the registry), and a
// page format without page records is refused naming the variable.

let fake: FakeElasticsearch;
beforeAll(async () => {
  fake = await startFakeElasticsearch({
    idField: "id",
    mappings: { "search-site": { ...crawlerIndexMapping } },
    indices: {
      "search-site": [
        {
          id: "p1",
          title: "Agent setup",
          body_content: "Agent setup Install Run the installer. Configure Set the pelican key.",
          headings: ["Agent setup", "Install", "Configure"],
          url: "https://docs.example.com/agent",
        },
      ],
    },
  });
});
afterAll(() => fake.close());

const environment = () => ({
  SEARCH_DOCS_ELASTICSEARCH_URL: fake.url,
  SEARCH_DOCS_ELASTICSEARCH_API_KEY: "a2V5",
  SEARCH_DOCS_AREAS: '{"site":["search-site"]}',
});

function refusal(variables: Record<string, string>): ConfigurationError {
  try {
    backendConfig({ environment: { ...environment(), ...variables }, mode: "one-user" });
  } catch (error) {
    if (ConfigurationError.isInstance(error)) return error;
    throw error;
  }
  throw new Error("expected a ConfigurationError");
}

describe("SEARCH_DOCS_ELASTICSEARCH_RECORDS", () => {
  it("elastic-crawler: a crawled index searched, its ref at the section, linked with the heading", async () => {
    const config = backendConfig({
      environment: { ...environment(), SEARCH_DOCS_ELASTICSEARCH_RECORDS: "elastic-crawler" },
      mode: "one-user",
    });
    if (config === undefined) throw new Error("no engine configured");
    const { docs, engine } = await openConfiguredDocs(config);
    try {
      const caller = config.caller ?? { headers: { authorization: "ApiKey a2V5" } };
      const { output, urls } = await docs.search({ query: "pelican" }, { caller });
      const ref = output.results[0]?.ref ?? "";
      expect(ref).toMatch(/#3$/);
      expect(urls[ref]).toBe("https://docs.example.com/agent#:~:text=Configure");
      const read = await docs.getDocument({ ref }, { caller });
      expect(read.output.content).toBe("Configure\nSet the pelican key.");
    } finally {
      await engine.close();
    }
  });

  it("check: a crawled index is not held to the section fields; a section index still is", async () => {
    const finding = async (records: string | undefined) => {
      const config = backendConfig({
        environment: {
          ...environment(),
          ...(records === undefined ? {} : { SEARCH_DOCS_ELASTICSEARCH_RECORDS: records }),
        },
        mode: "one-user",
      });
      if (config?.check === undefined) throw new Error("no check target");
      const inspector = await loadLayoutInspector(config.check);
      return inspector?.inspect("search-site", { headers: { authorization: "ApiKey a2V5" } });
    };
    expect(await finding("elastic-crawler")).toMatchObject({ state: "skip" });
    // The same index read as section records: its mapping lacks them, and check says so.
    expect(await finding(undefined)).toMatchObject({ state: "fail" });
  });

  it("refuses an unknown layout, and a page format without page records, naming the variable", () => {
    expect(refusal({ SEARCH_DOCS_ELASTICSEARCH_RECORDS: "rows" }).option).toBe(
      "SEARCH_DOCS_ELASTICSEARCH_RECORDS",
    );
    expect(refusal({ SEARCH_DOCS_ELASTICSEARCH_PAGE_FORMAT: "markdown" }).option).toBe(
      "SEARCH_DOCS_ELASTICSEARCH_PAGE_FORMAT",
    );
    expect(
      refusal({
        SEARCH_DOCS_ELASTICSEARCH_RECORDS: "pages",
        SEARCH_DOCS_ELASTICSEARCH_PAGE_FORMAT: "rst",
      }).option,
    ).toBe("SEARCH_DOCS_ELASTICSEARCH_PAGE_FORMAT");
  });
});
