import { describe, expect, test } from "vitest";
import { readBackendConfig } from "./read-backend-config";

describe("readBackendConfig", () => {
  test("is undefined without SEARCH_DOCS_BASE_URL: the app uses the embedded fake service", () => {
    expect(readBackendConfig({})).toBeUndefined();
    expect(readBackendConfig({ SEARCH_DOCS_BASE_URL: "  " })).toBeUndefined();
  });

  test("reads the base URL, the areas and the portal", () => {
    const config = readBackendConfig({
      SEARCH_DOCS_BASE_URL: "https://docs-api.internal",
      SEARCH_DOCS_AREAS: '{"runbooks":["a","b"],"policies":["c"]}',
      SEARCH_DOCS_PORTAL_URL: "https://docs.internal",
    });
    expect(config).toEqual({
      baseUrl: "https://docs-api.internal",
      areas: { runbooks: ["a", "b"], policies: ["c"] },
      portalUrl: "https://docs.internal",
    });
  });

  test("says what is missing or malformed", () => {
    const baseUrl = "https://docs-api.internal";
    expect(() => readBackendConfig({ SEARCH_DOCS_BASE_URL: baseUrl })).toThrow(
      /SEARCH_DOCS_AREAS must be too/,
    );
    expect(() =>
      readBackendConfig({ SEARCH_DOCS_BASE_URL: baseUrl, SEARCH_DOCS_AREAS: "{runbooks" }),
    ).toThrow(/not valid JSON/);
    for (const areas of ['["a"]', "{}", '{"runbooks":[]}', '{"runbooks":[1]}', '{"a":"b"}']) {
      expect(() =>
        readBackendConfig({ SEARCH_DOCS_BASE_URL: baseUrl, SEARCH_DOCS_AREAS: areas }),
      ).toThrow(/must map area names/);
    }
  });
});
