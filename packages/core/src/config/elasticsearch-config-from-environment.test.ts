import { describe, expect, it } from "vitest";
import { ConfigurationError } from "../errors/configuration-error.js";
import { elasticsearchConfigFromEnvironment } from "./elasticsearch-config-from-environment.js";

const areas = '{"runbooks":["docs-runbooks"],"all":["docs-*"]}';

describe("elasticsearchConfigFromEnvironment", () => {
  it("is undefined when SEARCH_DOCS_ELASTICSEARCH_URL is not set", () => {
    expect(elasticsearchConfigFromEnvironment({ SEARCH_DOCS_AREAS: areas })).toBeUndefined();
  });

  it("reads the URL, the flavor, the areas and one user's API key or token", () => {
    expect(
      elasticsearchConfigFromEnvironment({
        SEARCH_DOCS_ELASTICSEARCH_URL: "https://search.internal:9200",
        SEARCH_DOCS_ELASTICSEARCH_FLAVOR: "opensearch",
        SEARCH_DOCS_AREAS: areas,
        SEARCH_DOCS_ELASTICSEARCH_API_KEY: "a2V5",
      }),
    ).toEqual({
      url: "https://search.internal:9200",
      flavor: "opensearch",
      areas: { runbooks: ["docs-runbooks"], all: ["docs-*"] },
      caller: { headers: { authorization: "ApiKey a2V5" } },
    });
    expect(
      elasticsearchConfigFromEnvironment({
        SEARCH_DOCS_ELASTICSEARCH_URL: "http://127.0.0.1:9200",
        SEARCH_DOCS_AREAS: areas,
        SEARCH_DOCS_TOKEN: "t0k",
      }),
    ).toMatchObject({ flavor: "elasticsearch", caller: { token: "t0k" } });
    expect(
      elasticsearchConfigFromEnvironment(
        { SEARCH_DOCS_ELASTICSEARCH_URL: "http://127.0.0.1:9200", SEARCH_DOCS_AREAS: areas },
        { caller: "ignored" },
      ),
    ).not.toHaveProperty("caller");
    expect(
      elasticsearchConfigFromEnvironment({
        SEARCH_DOCS_ELASTICSEARCH_URL: "http://127.0.0.1:9200",
        SEARCH_DOCS_AREAS: areas,
        SEARCH_DOCS_ELASTICSEARCH_USERNAME: "alice",
        SEARCH_DOCS_ELASTICSEARCH_PASSWORD: "pa55",
      }),
    ).toMatchObject({ caller: { headers: { authorization: `Basic ${btoa("alice:pa55")}` } } });
  });

  it("refuses a half-done or ambiguous configuration, naming the variable", () => {
    const base = {
      SEARCH_DOCS_ELASTICSEARCH_URL: "http://127.0.0.1:9200",
      SEARCH_DOCS_AREAS: areas,
      SEARCH_DOCS_TOKEN: "t",
    };
    const cases: Array<[Record<string, string>, string]> = [
      [
        { ...base, SEARCH_DOCS_ELASTICSEARCH_URL: "search.internal" },
        "SEARCH_DOCS_ELASTICSEARCH_URL",
      ],
      [{ ...base, SEARCH_DOCS_ELASTICSEARCH_FLAVOR: "solr" }, "SEARCH_DOCS_ELASTICSEARCH_FLAVOR"],
      [{ ...base, SEARCH_DOCS_AREAS: "" }, "SEARCH_DOCS_AREAS"],
      [{ ...base, SEARCH_DOCS_BASE_URL: "http://docs.internal" }, "SEARCH_DOCS_BASE_URL"],
      [{ ...base, SEARCH_DOCS_TOKEN: "" }, "SEARCH_DOCS_ELASTICSEARCH_API_KEY"],
      [{ ...base, SEARCH_DOCS_ELASTICSEARCH_API_KEY: "k" }, "SEARCH_DOCS_ELASTICSEARCH_API_KEY"],
      [
        { ...base, SEARCH_DOCS_TOKEN: "", SEARCH_DOCS_ELASTICSEARCH_USERNAME: "alice" },
        "SEARCH_DOCS_ELASTICSEARCH_PASSWORD",
      ],
    ];
    for (const [environment, option] of cases) {
      let thrown: unknown;
      try {
        elasticsearchConfigFromEnvironment(environment);
      } catch (error) {
        thrown = error;
      }
      expect(ConfigurationError.isInstance(thrown), option).toBe(true);
      expect((thrown as ConfigurationError).option).toBe(option);
      expect((thrown as Error).message).not.toContain("t0k");
    }
  });
});
