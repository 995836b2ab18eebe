import { mkdtempSync, readFileSync } from "node:fs";
import { type AddressInfo, createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  sampleElasticsearchIndices,
  startFakeElasticsearch,
  startFakeTypesense,
} from "@search-docs/test-servers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeDocsService, startFakeDocsService } from "../testing/index.js";
import { main, usage } from "./main.js";

function run(argv: string[], environment: NodeJS.ProcessEnv = {}, command?: string) {
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
    ...(command ? { command } : {}),
    untilStopped: () => Promise.resolve(),
  }).then((code) => ({ code, out, err }));
}

describe("search-docs CLI", () => {
  let service: FakeDocsService;
  beforeAll(async () => {
    service = await startFakeDocsService();
  });
  afterAll(() => service.close());

  it("with no configuration, says on stderr that it uses the embedded fake service; the contract and the trace go to stdout", async () => {
    const { code, out, err } = await run(["how do I rotate a service account key"]);
    expect(code).toBe(0);
    expect(err).toMatch(/^Using the embedded fake docs service at http:\/\/127\.0\.0\.1:\d+.*\n$/);
    expect(out).toMatch(/^What the model sees \(search_docs\):\n/);
    expect(out).toContain('"ref": "runbooks/key-rotation#');
    expect(out).toMatch(/trace [0-9a-f-]{36}\s+search_docs/);
    expect(out).toMatch(/runbooks\s+\S+\s+search page 1\s+attempt 1\s+→ 200/);
  });

  it("--json prints the output and the trace as JSON, and nothing else, on stdout", async () => {
    const { out } = await run(["laptop", "--area", "onboarding", "--json"]);
    const parsed = JSON.parse(out);
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
    const ref = JSON.parse(search.out).output.results[0].ref;
    const { code, out } = await run(["get", ref], environment);
    expect(code).toBe(0);
    expect(out).toContain('"status": "ok"');
    expect(out).toMatch(/get_document\s+ref runbooks\/key-rotation#/);
  });

  it("exit codes: 0 for ok and no_matches, 3 unavailable, 4 not_found, 5 no_access, 6 a refused token", async () => {
    const environment = {
      SEARCH_DOCS_REF_DIR: mkdtempSync(join(tmpdir(), "search-docs-cli-test-")),
    };
    expect((await run(["zeppelin xylophone"], environment)).code).toBe(0);
    expect((await run(["database failover", "--reindex", "runbooks"], environment)).code).toBe(3);
    expect((await run(["get", "runbooks/never-issued#1"], environment)).code).toBe(4);
    const search = await run(
      ["data retention policy", "--area", "policies", "--json"],
      environment,
    );
    const ref = JSON.parse(search.out).output.results[0].ref;
    const forbidden = await run(["get", ref, "--as", "runbooks-only"], environment);
    expect(forbidden.out).toContain('"status": "no_access"');
    expect(forbidden.code).toBe(5);
    const refused = await run(["laptop"], {
      SEARCH_DOCS_BASE_URL: service.url,
      SEARCH_DOCS_TOKEN: "a-token-nobody-issued",
      SEARCH_DOCS_AREAS: JSON.stringify(service.areas),
    });
    expect(refused.out).toContain('"status": "unavailable"');
    expect(refused.err).toContain(
      "search-docs: the backend refused the token (401): set a valid SEARCH_DOCS_TOKEN\n",
    );
    expect(refused.code).toBe(6);
    expect(refused.out + refused.err).not.toContain("a-token-nobody-issued");
  });

  it("--help lists the exit codes", async () => {
    const { out } = await run(["--help"]);
    expect(out).toContain("Exit codes:\n  0  ok, or no_matches");
    for (const code of [2, 3, 4, 5, 6]) expect(out).toMatch(new RegExp(`\\n  ${code}  \\S`));
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
      const { code, out, err } = await run(["laptop"], {
        SEARCH_DOCS_BASE_URL: service.url,
        SEARCH_DOCS_TOKEN: service.tokens.everything,
        SEARCH_DOCS_AREAS: areas,
      });
      expect(code).toBe(0);
      expect(err).toBe(
        `Searching v2 at ${service.url} (areas: runbooks, policies, api-reference, onboarding)\n`,
      );
      expect(out).toContain('"status": "ok"');
      expect(out).not.toContain(service.tokens.everything);
    }
  });

  it("searches Elasticsearch or OpenSearch from SEARCH_DOCS_ELASTICSEARCH_URL", async () => {
    for (const flavor of ["elasticsearch", "opensearch"] as const) {
      const fake = await startFakeElasticsearch({
        flavor,
        indices: sampleElasticsearchIndices(),
        users: { "ApiKey cli-key": { name: "cli", read: ["docs-*"] } },
      });
      try {
        const { code, out, err } = await run(["rotate a service account key"], {
          SEARCH_DOCS_ELASTICSEARCH_URL: fake.url,
          SEARCH_DOCS_ELASTICSEARCH_FLAVOR: flavor,
          SEARCH_DOCS_ELASTICSEARCH_API_KEY: "cli-key",
          SEARCH_DOCS_AREAS: '{"runbooks":["docs-runbooks"],"everything":["docs-*"]}',
        });
        expect(code).toBe(0);
        expect(err).toBe(`Searching ${flavor} at ${fake.url} (areas: runbooks, everything)\n`);
        expect(out).toContain('"status": "ok"');
        expect(out).not.toContain("cli-key");
        expect(fake.requests[0]?.headers.authorization).toBe("ApiKey cli-key");
      } finally {
        await fake.close();
      }
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
      "SEARCH_DOCS_AREAS is JSON of the wrong shape",
    ],
    [
      { SEARCH_DOCS_BASE_URL: "http://x", SEARCH_DOCS_TOKEN: "t", SEARCH_DOCS_AREAS: '["a"]' },
      "SEARCH_DOCS_AREAS is JSON of the wrong shape (a list, not an object)",
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

  it.each([
    [["x", "--as", "root"], /--as must be one of everything, no-policies, runbooks-only/],
    [["serve", "--port", "abc"], /--port must be a port number \(0 for a free one\), not "abc"/],
    [["serve", "--port", "70000"], /--port must be at most 65535/],
    [["serve", "--port", "6000"], /--port 6000 is one fetch refuses to connect to/],
    [["x", "--nope"], /Unknown option '--nope' \(search-docs --help lists the options\)/],
    [["x", "--corpus", "/no/such/corpus.jsonl"], /ENOENT.*\/no\/such\/corpus\.jsonl/],
    [["x", "--reindex", "hr"], /no area "hr" \(areas: runbooks, policies/],
  ])("a mistake is one line on stderr and exit code 2 (%j)", async (argv, message) => {
    const { code, out, err } = await run(argv);
    expect(code).toBe(2);
    expect(out).toBe("");
    expect(err).toMatch(/^search-docs: [^\n]+\n$/);
    expect(err).toMatch(message);
  });

  it("a backend on a port fetch refuses is one line and exit code 2, before any request", async () => {
    const { code, out, err } = await run(["rotate a key"], {
      SEARCH_DOCS_BASE_URL: "http://127.0.0.1:6000",
      SEARCH_DOCS_TOKEN: "t",
      SEARCH_DOCS_AREAS: '{"runbooks":["c1"]}',
    });
    expect(code).toBe(2);
    expect(out).toBe("");
    expect(err).toMatch(
      /^search-docs: SEARCH_DOCS_BASE_URL's port 6000 is one fetch refuses[^\n]+\n$/,
    );
  });

  it("a Typesense URL given as SEARCH_DOCS_BASE_URL is unavailable, exit 3, never no_matches", async () => {
    // The issue's first user: Typesense answers the v2 path with its own 404 `{"message"}`.
    const typesense = await startFakeTypesense({
      collections: { docs: [] },
      keys: { "search-key": { collections: ["*"] } },
      fields: ["title"],
    });
    try {
      const { code, out } = await run(["rotate a key", "--json"], {
        SEARCH_DOCS_BASE_URL: typesense.urls[0] ?? "",
        SEARCH_DOCS_TOKEN: "search-key",
        SEARCH_DOCS_AREAS: '{"docs":["docs"]}',
      });
      const parsed = JSON.parse(out);
      expect(parsed.output.status).toBe("unavailable");
      expect(parsed.trace.failures[0].kind).toBe("misconfigured");
      expect(code).toBe(3);
    } finally {
      await typesense.close();
    }
  });

  it("input the contract refuses is one line after the service's banner", async () => {
    const { code, out, err } = await run(["   "]);
    expect(code).toBe(2);
    expect(out).toBe("");
    expect(err.split("\n").at(-2)).toMatch(
      /^search-docs: Invalid search_docs input: "query" must not be empty\.$/,
    );
  });

  it.each([[["get"]], [["get", "a", "b"]]])(
    "get without exactly one ref says so before starting anything (%j)",
    async (argv) => {
      const { code, err } = await run(argv);
      expect(code).toBe(2);
      // One line, and no "Using the embedded fake docs service": nothing was started.
      expect(err).toBe(
        "search-docs: get takes exactly one ref, e.g. search-docs get runbooks/key-rotation#2\n",
      );
    },
  );

  it("--help and no arguments print the usage; --version the package's version", async () => {
    expect(await run(["--help"])).toMatchObject({ code: 0, out: usage, err: "" });
    expect(await run([])).toMatchObject({ code: 2, out: "", err: usage });
    const { version } = JSON.parse(
      readFileSync(new URL("../../package.json", import.meta.url), "utf8"),
    );
    expect(await run(["--version"])).toMatchObject({ code: 0, out: `${version}\n`, err: "" });
  });

  it("serve prints the URL, the area map, the tokens and a command to try that names how it was run", async () => {
    const { code, out } = await run(["serve"], {}, "pnpm search-docs");
    expect(code).toBe(0);
    expect(out).toMatch(/^Fake docs service listening at http:\/\/127\.0\.0\.1:\d+/);
    expect(out).toContain('"runbooks"');
    expect(out).toMatch(/SEARCH_DOCS_AREAS='\{.*\}' pnpm search-docs "rotate a key"\n/);
  });

  it("serve on a busy port is one line naming the port", async () => {
    const busy = createServer();
    await new Promise<void>((resolve) => busy.listen(0, "127.0.0.1", resolve));
    const { port } = busy.address() as AddressInfo;
    try {
      const { code, out, err } = await run(["serve", "--port", String(port)]);
      expect(code).toBe(2);
      expect(out).toBe("");
      expect(err).toBe(
        `search-docs: port ${port} on 127.0.0.1 is already in use: choose another with --port, or leave it out for a free one\n`,
      );
    } finally {
      busy.close();
    }
  });
});
