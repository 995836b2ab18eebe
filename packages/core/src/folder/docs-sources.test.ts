import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli } from "../__fixtures__/run-cli.js";
import { areaSources } from "../config/area-sources.js";
import { ConfigurationError } from "../errors/configuration-error.js";

// Several sources, each an area: a docs site (crawled) and a folder side by side, from the CLI's
// `--area name=<folder|url>` flags alone. Each keeps its own index: a site that cannot be read is
// that area's `unavailable`, and the folder's area still answers.

const root = mkdtempSync(join(tmpdir(), "docs-sources-"));
const folder = join(root, "runbooks");
mkdirSync(join(folder, "database"), { recursive: true });
writeFileSync(
  join(folder, "database", "restore.md"),
  "# Restore a backup\n\nRestore the ledger database from the nightly snapshot.\n",
);
let site: Server;
let siteUrl = "";
let siteUp = true;

beforeAll(async () => {
  site = createServer((request, response) => {
    if (!siteUp) {
      response.writeHead(503, { "content-type": "text/plain" });
      return response.end("down for maintenance");
    }
    const page = (body: string) => {
      response.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      response.end(
        `<!doctype html><html><head><title>Guides</title></head><body><nav>Home</nav><main>${body}</main></body></html>`,
      );
    };
    switch (request.url) {
      case "/guides/":
        return page('<h1>Guides</h1><p>Start with <a href="/guides/install">Install</a>.</p>');
      case "/guides/install":
        return page(
          '<h1>Install</h1><h2 id="agent">Install the agent</h2><p>Run the zebrafish installer on every host.</p>',
        );
      default:
        response.writeHead(404, { "content-type": "text/plain" });
        return response.end("not found");
    }
  });
  await new Promise<void>((resolve) => site.listen(0, "127.0.0.1", resolve));
  siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}/guides/`;
});
afterAll(async () => {
  await new Promise((resolve) => site.close(resolve));
  rmSync(root, { recursive: true, force: true });
});

function run(argv: string[], cache: string) {
  return runCli(argv, {
    SEARCH_DOCS_REF_DIR: join(root, "refs"),
    XDG_CACHE_HOME: join(root, cache),
  });
}

describe("several docs sources, each an area", () => {
  it("indexes a site and a folder side by side and searches both, or one area", async () => {
    const sources = ["--area", `guides=${siteUrl}`, "--area", `runbooks=${folder}`];
    const indexed = await run(["index", ...sources], "cache-a");
    expect(indexed.code).toBe(0);
    expect(indexed.err).toMatch(/guides: http:\/\/127\.0\.0\.1:\d+\/guides\/: 2 pages/);
    expect(indexed.err).toMatch(/runbooks: .*runbooks: 1 files/);
    expect(indexed.err).toContain("(areas: guides, runbooks)");

    const both = await run(["zebrafish installer", ...sources, "--json"], "cache-a");
    expect(both.code).toBe(0);
    const { output } = JSON.parse(both.out);
    expect(output.results[0].ref).toBe("guides/install#2");
    const restore = await run(
      ["ledger snapshot", ...sources, "--area", "runbooks", "--json"],
      "cache-a",
    );
    expect(JSON.parse(restore.out).output.results[0].ref).toBe("runbooks/database/restore#1");
    const onlyGuides = await run(
      ["ledger snapshot", ...sources, "--area", "guides", "--json"],
      "cache-a",
    );
    expect(JSON.parse(onlyGuides.out).output.status).toBe("no_matches");
  }, 60_000);

  it("a site that cannot be read is its area's unavailable; the folder still answers", async () => {
    siteUp = false;
    try {
      const sources = ["--area", `guides=${siteUrl}`, "--area", `runbooks=${folder}`];
      const guides = await run(
        ["zebrafish installer", ...sources, "--area", "guides", "--json"],
        "cache-b",
      );
      expect(guides.err).toMatch(/guides: .*no page could be read/);
      expect(JSON.parse(guides.out).output.status).toBe("unavailable");
      expect(guides.code).toBe(3);
      const runbooks = await run(
        ["ledger snapshot", ...sources, "--area", "runbooks", "--json"],
        "cache-b",
      );
      expect(JSON.parse(runbooks.out).output.status).toBe("ok");
      // Without an area: what answered is shown, and the answer says it may be incomplete.
      const all = await run(["ledger snapshot", ...sources, "--json"], "cache-b");
      const answer = JSON.parse(all.out).output;
      expect(answer.status).toBe("unavailable");
      expect(answer.more_matches_exist).toBe(true);
    } finally {
      siteUp = true;
    }
  }, 60_000);

  it("reads --area flags: sources, one search area, and the mistakes", () => {
    expect(areaSources(["a=./x", "b=https://d.example/b", "a2=./y", "b"], undefined)).toEqual({
      area: "b",
      docs: JSON.stringify({ a: "./x", b: "https://d.example/b", a2: "./y" }),
    });
    expect(areaSources(["runbooks"], "./docs")).toEqual({ area: "runbooks", docs: "./docs" });
    expect(() => areaSources(["a=./x", "a=./y"], undefined)).toThrow("--area a is given twice");
    expect(() => areaSources(["a=./x"], "./docs")).toThrow("--docs and --area name=<source>");
    expect(() => areaSources(["=./x"], undefined)).toThrow(ConfigurationError);
    expect(() => areaSources(["a", "b"], undefined)).toThrow("a search takes one area");
  });
});
