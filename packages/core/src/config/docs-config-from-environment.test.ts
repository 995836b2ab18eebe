import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigurationError } from "../errors/configuration-error.js";
import { docsConfigFromEnvironment } from "./docs-config-from-environment.js";

const areas = '{"runbooks":["a","b"],"policies":["c"]}';

describe("docsConfigFromEnvironment", () => {
  it("is undefined when nothing is set", () => {
    expect(docsConfigFromEnvironment({})).toBeUndefined();
    expect(
      docsConfigFromEnvironment({ SEARCH_DOCS_BASE_URL: "  " }, { token: "ignored" }),
    ).toBeUndefined();
  });

  it("reads a CLI's backend, token included", () => {
    expect(
      docsConfigFromEnvironment({
        SEARCH_DOCS_BASE_URL: "https://docs-api.internal",
        SEARCH_DOCS_AREAS: areas,
        SEARCH_DOCS_TOKEN: " t0k ",
      }),
    ).toEqual({
      baseUrl: "https://docs-api.internal",
      areas: { runbooks: ["a", "b"], policies: ["c"] },
      token: "t0k",
    });
  });

  it("leaves a server's token out, whatever the environment says", () => {
    const config = docsConfigFromEnvironment(
      {
        SEARCH_DOCS_BASE_URL: "https://docs-api.internal",
        SEARCH_DOCS_AREAS: areas,
        SEARCH_DOCS_TOKEN: "process-wide",
        SEARCH_DOCS_PORTAL_URL: "https://docs.internal",
      },
      { token: "ignored" },
    );
    expect(config).toEqual({
      baseUrl: "https://docs-api.internal",
      areas: { runbooks: ["a", "b"], policies: ["c"] },
      portalUrl: "https://docs.internal",
    });
  });

  it("reads the areas from the JSON file SEARCH_DOCS_AREAS names, and says when it is not JSON", () => {
    const directory = mkdtempSync(join(tmpdir(), "search-docs-areas-"));
    const good = join(directory, "areas.json");
    const bad = join(directory, "areas.yaml");
    writeFileSync(good, areas);
    writeFileSync(bad, "runbooks: [a]");
    const base = { SEARCH_DOCS_BASE_URL: "https://x", SEARCH_DOCS_TOKEN: "t" };
    expect(docsConfigFromEnvironment({ ...base, SEARCH_DOCS_AREAS: good })?.areas).toEqual({
      runbooks: ["a", "b"],
      policies: ["c"],
    });
    expect(() => docsConfigFromEnvironment({ ...base, SEARCH_DOCS_AREAS: bad })).toThrow(
      `SEARCH_DOCS_AREAS names a file that is not valid JSON: ${bad}`,
    );
  });

  it.each([
    [{ SEARCH_DOCS_BASE_URL: "https://x" }, "SEARCH_DOCS_TOKEN", /SEARCH_DOCS_TOKEN is not set/],
    [
      { SEARCH_DOCS_AREAS: areas, SEARCH_DOCS_TOKEN: "t" },
      "SEARCH_DOCS_BASE_URL",
      /SEARCH_DOCS_BASE_URL is not set/,
    ],
    [
      { SEARCH_DOCS_BASE_URL: "ftp://x", SEARCH_DOCS_AREAS: areas, SEARCH_DOCS_TOKEN: "t" },
      "SEARCH_DOCS_BASE_URL",
      /http\(s\) URL/,
    ],
    [
      { SEARCH_DOCS_BASE_URL: "https://x", SEARCH_DOCS_AREAS: "{bad", SEARCH_DOCS_TOKEN: "t" },
      "SEARCH_DOCS_AREAS",
      /not valid JSON/,
    ],
    [
      { SEARCH_DOCS_BASE_URL: "https://x", SEARCH_DOCS_AREAS: '{"a":[1]}', SEARCH_DOCS_TOKEN: "t" },
      "SEARCH_DOCS_AREAS",
      /^SEARCH_DOCS_AREAS is JSON of the wrong shape \("a" is not a non-empty list of strings\): it must map area names/,
    ],
    [
      { SEARCH_DOCS_BASE_URL: "https://x", SEARCH_DOCS_AREAS: '["a"]', SEARCH_DOCS_TOKEN: "t" },
      "SEARCH_DOCS_AREAS",
      /^SEARCH_DOCS_AREAS is JSON of the wrong shape \(a list, not an object\): it must map area names to lists of collection ids, e\.g\. \{"runbooks":\["<uuid>"\]\}$/,
    ],
    [
      {
        SEARCH_DOCS_BASE_URL: "https://x",
        SEARCH_DOCS_AREAS: '"runbooks"',
        SEARCH_DOCS_TOKEN: "t",
      },
      "SEARCH_DOCS_AREAS",
      /^SEARCH_DOCS_AREAS is JSON of the wrong shape \("runbooks", not an object\)/,
    ],
    [
      { SEARCH_DOCS_BASE_URL: "https://x", SEARCH_DOCS_AREAS: "[bad", SEARCH_DOCS_TOKEN: "t" },
      "SEARCH_DOCS_AREAS",
      /^SEARCH_DOCS_AREAS is not valid JSON$/,
    ],
    [
      {
        SEARCH_DOCS_BASE_URL: "https://x",
        SEARCH_DOCS_AREAS: "areas.json",
        SEARCH_DOCS_TOKEN: "t",
      },
      "SEARCH_DOCS_AREAS",
      /^SEARCH_DOCS_AREAS must be JSON or the path of a JSON file; no file at areas\.json$/,
    ],
    [
      {
        SEARCH_DOCS_BASE_URL: "https://x",
        SEARCH_DOCS_AREAS: areas,
        SEARCH_DOCS_TOKEN: "t",
        SEARCH_DOCS_PORTAL_URL: "nope",
      },
      "SEARCH_DOCS_PORTAL_URL",
      /SEARCH_DOCS_PORTAL_URL must be/,
    ],
  ])(
    "a half-done or malformed configuration names the variable (%o)",
    (environment, option, message) => {
      let error: unknown;
      try {
        docsConfigFromEnvironment(environment);
      } catch (caught) {
        error = caught;
      }
      expect(ConfigurationError.isInstance(error)).toBe(true);
      expect((error as ConfigurationError).option).toBe(option);
      expect((error as Error).message).toMatch(message);
      expect((error as Error).message).not.toContain("\n");
    },
  );
});
