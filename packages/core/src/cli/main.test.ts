import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeDocsService, startFakeDocsService } from "../testing/index.js";
import { main } from "./main.js";

function run(argv: string[], environment: NodeJS.ProcessEnv = {}) {
  let out = "";
  let err = "";
  const refDirectory =
    environment.SEARCH_DOCS_REF_DIR ?? mkdtempSync(join(tmpdir(), "search-docs-cli-test-"));
  return main(argv, {
    out: (text) => {
      out += text;
    },
    err: (text) => {
      err += text;
    },
    environment: { SEARCH_DOCS_REF_DIR: refDirectory, ...environment },
    untilStopped: () => Promise.resolve(),
  }).then((code) => ({ code, out, err }));
}

describe("search-docs CLI", () => {
  let service: FakeDocsService;
  beforeAll(async () => {
    service = await startFakeDocsService();
  });
  afterAll(() => service.close());

  it("with no configuration, says it uses the embedded fake service on its first line, then the contract and the trace", async () => {
    const { code, out } = await run(["how do I rotate a service account key"]);
    expect(code).toBe(0);
    expect(out.split("\n")[0]).toMatch(
      /^Using the embedded fake docs service at http:\/\/127\.0\.0\.1:\d+/,
    );
    expect(out).toContain('"ref": "runbooks/key-rotation#');
    expect(out).toMatch(/trace [0-9a-f-]{36}\s+search_docs/);
    expect(out).toMatch(/runbooks\s+\S+\s+search page 1\s+attempt 1\s+→ 200/);
  });

  it("--json prints the output and the trace as JSON", async () => {
    const { out } = await run(["laptop", "--area", "onboarding", "--json"]);
    const parsed = JSON.parse(out.slice(out.indexOf("\n") + 1));
    expect(parsed.output.status).toBe("ok");
    expect(
      parsed.output.results.every((result: { area: string }) => result.area === "onboarding"),
    ).toBe(true);
    expect(parsed.trace.traceId).toBeTypeOf("string");
  });

  it("get <ref> reads a ref an earlier search issued", async () => {
    const environment = {
      SEARCH_DOCS_REF_DIR: mkdtempSync(join(tmpdir(), "search-docs-cli-test-")),
    };
    const search = await run(
      ["rotate a service account key", "--area", "runbooks", "--json"],
      environment,
    );
    const ref = JSON.parse(search.out.slice(search.out.indexOf("\n") + 1)).output.results[0].ref;
    const { code, out } = await run(["get", ref], environment);
    expect(code).toBe(0);
    expect(out).toContain('"status": "ok"');
    expect(out).toMatch(/get_document\s+ref runbooks\/key-rotation#/);
  });

  it("--reindex shows a reindexing area as unavailable; --as shows a forbidden area left out", async () => {
    const reindex = await run(["database failover", "--reindex", "runbooks"]);
    expect(reindex.out).toContain('"status": "unavailable"');
    const restricted = await run(["password policy", "--as", "no-policies"]);
    expect(restricted.out).toMatch(/omitted policies .*forbidden/);
  });

  it("searches a real backend from SEARCH_DOCS_* variables (JSON or a file path)", async () => {
    const areasFile = join(mkdtempSync(join(tmpdir(), "search-docs-areas-")), "areas.json");
    const { writeFileSync } = await import("node:fs");
    writeFileSync(areasFile, JSON.stringify(service.areas));
    for (const areas of [JSON.stringify(service.areas), areasFile]) {
      const { code, out } = await run(["laptop"], {
        SEARCH_DOCS_BASE_URL: service.url,
        SEARCH_DOCS_TOKEN: service.tokens.everything,
        SEARCH_DOCS_AREAS: areas,
      });
      expect(code).toBe(0);
      expect(out.split("\n")[0]).toBe(
        `Searching ${service.url} (areas: runbooks, policies, api-reference, onboarding)`,
      );
      expect(out).toContain('"status": "ok"');
      expect(out).not.toContain(service.tokens.everything);
    }
  });

  it.each([
    [{ SEARCH_DOCS_BASE_URL: "http://127.0.0.1:1" }, "SEARCH_DOCS_TOKEN is not set"],
    [
      { SEARCH_DOCS_BASE_URL: "nope", SEARCH_DOCS_TOKEN: "t", SEARCH_DOCS_AREAS: "{}" },
      "SEARCH_DOCS_BASE_URL must be",
    ],
    [
      { SEARCH_DOCS_BASE_URL: "http://x", SEARCH_DOCS_TOKEN: "t", SEARCH_DOCS_AREAS: "{not json" },
      "SEARCH_DOCS_AREAS is not valid JSON",
    ],
    [
      { SEARCH_DOCS_BASE_URL: "http://x", SEARCH_DOCS_TOKEN: "t", SEARCH_DOCS_AREAS: '{"a":[]}' },
      "SEARCH_DOCS_AREAS must map",
    ],
    [
      {
        SEARCH_DOCS_BASE_URL: "http://x",
        SEARCH_DOCS_TOKEN: "t",
        SEARCH_DOCS_AREAS: "/no/such.json",
      },
      "no file at /no/such.json",
    ],
  ])(
    "malformed configuration is a one-line error naming the variable (%o)",
    async (environment, message) => {
      const { code, err, out } = await run(["anything"], environment);
      expect(code).toBe(2);
      expect(out).toBe("");
      expect(err.trim().split("\n")).toHaveLength(1);
      expect(err).toContain(message);
    },
  );

  it("bad input and usage errors exit 2 with a message", async () => {
    expect((await run(["   "])).err).toMatch(/"query" must not be empty/);
    expect((await run([])).code).toBe(2);
    expect((await run(["x", "--as", "root"])).err).toMatch(/--as must be one of/);
    expect((await run(["--help"])).code).toBe(0);
  });

  it("serve prints the URL, the area map and the tokens", async () => {
    const { code, out } = await run(["serve"]);
    expect(code).toBe(0);
    expect(out).toMatch(/^Fake docs service listening at http:\/\/127\.0\.0\.1:\d+/);
    expect(out).toContain('"runbooks"');
  });
});
