import { freePort, startFakeTypesense } from "@search-docs/test-servers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli } from "../__fixtures__/run-cli.js";
import { fakeDocsServiceFixture } from "../testing/fake-docs-service-fixture.js";
import type { CheckReport } from "./check-report.js";

// `search-docs check` on the v2 API (the fake docs service): no layout to inspect, so reach,
// credentials, collection, probe and get_document come from the backend's own outcomes.
const fake = fakeDocsServiceFixture();
beforeAll(fake.start);
afterAll(fake.close);

const environment = (token: string, url = fake.service.url) => ({
  SEARCH_DOCS_V2_URL: url,
  SEARCH_DOCS_TOKEN: token,
  SEARCH_DOCS_AREAS: JSON.stringify({ runbooks: fake.service.areas.runbooks }),
});

describe("search-docs check on the v2 API", () => {
  it("passes with a token that reads the area", async () => {
    const { code, out } = await runCli(
      ["check", "--query", "rotate"],
      environment(fake.service.tokens.everything),
    );
    expect(out).toMatch(/✓ probe search answers +\d+ result\(s\) for "rotate"/);
    expect(out).toMatch(/✓ get_document answers +read "/);
    expect(code).toBe(0);
  });

  it("a token that may not read the collection (403): credentials, naming SEARCH_DOCS_TOKEN", async () => {
    const policies = fake.service.areas.policies ?? [];
    const { code, out } = await runCli(["check", "--query", "policy", "--json"], {
      ...environment(fake.service.tokens.noPolicies),
      SEARCH_DOCS_AREAS: JSON.stringify({ policies }),
    });
    expect(code).toBe(7);
    const failed = (JSON.parse(out) as CheckReport).rows.filter((row) => row.state === "fail");
    expect(failed).toEqual([
      expect.objectContaining({
        step: "credentials",
        fix: `set SEARCH_DOCS_TOKEN to a bearer token that may read collection ${policies[0]}`,
      }),
    ]);
  });

  it("a refused token (401): credentials, never printing the token", async () => {
    const { code, out, err } = await runCli(["check"], environment("not-a-token-of-this-service"));
    expect(code).toBe(7);
    expect(out).toMatch(/✗ credentials accepted +unauthorized/);
    expect(out + err).not.toContain("not-a-token-of-this-service");
  });

  it("an unreachable host: reaches the engine, naming SEARCH_DOCS_V2_URL", async () => {
    // A port nothing listens on (fetch refuses some ports outright: a configuration error).
    const closed = `http://127.0.0.1:${await freePort()}`;
    const { code, out } = await runCli(
      ["check"],
      environment(fake.service.tokens.everything, closed),
    );
    expect(code).toBe(7);
    expect(out).toMatch(/✗ reaches the engine +network/);
    expect(out).toContain(
      `fix: start the v2 API at ${closed}, or set SEARCH_DOCS_V2_URL (or SEARCH_DOCS_BASE_URL) to where it runs`,
    );
  }, 30_000);

  it("SEARCH_DOCS_BASE_URL pointing at a Typesense server: not the v2 API, said as the URL to fix", async () => {
    // The first user of issue 28: a 404 from another engine once read as no_matches, exit 0.
    const typesense = await startFakeTypesense({ collections: {}, keys: {}, fields: [] });
    try {
      const url = typesense.urls[0] ?? "";
      const { code, out } = await runCli(["check", "--query", "rotate"], {
        SEARCH_DOCS_BASE_URL: url,
        SEARCH_DOCS_TOKEN: "a-token",
        SEARCH_DOCS_AREAS: '{"docs":["docs"]}',
      });
      expect(code).toBe(7);
      expect(out).toMatch(
        /✗ reaches the engine +misconfigured: 404 that is not the v2 API's answer/,
      );
      expect(out).toContain(
        `fix: set SEARCH_DOCS_V2_URL (or SEARCH_DOCS_BASE_URL) to the v2 API's base URL: the server at ${url} is another one`,
      );
    } finally {
      await typesense.close();
    }
  });
});
