import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { repositoryRoot } from "./find-executable.ts";

// The bins load test code only when asked for the fake docs service, and then only the fake's
// own modules. Each case runs a built bin with a hook that records every module it loads
// (record-loaded-modules.mjs), then reads, from the bundled chunks it loaded, which of core's
// source files they hold (tsdown writes `// src/<path>.ts` above each).
const hook = fileURLToPath(new URL("./record-loaded-modules.mjs", import.meta.url));
const coreBin = "packages/core/bin/search-docs.js";
const mcpBin = "packages/mcp/bin/search-docs-mcp.js";
const sampleDocs = join(repositoryRoot, "examples/docs");

async function loadedBy(bin: string, args: string[], environment: Record<string, string> = {}) {
  const work = mkdtempSync(join(tmpdir(), "search-docs-loaded-"));
  const record = join(work, "loaded.txt");
  const { code, stderr } = await new Promise<{ code: number; stderr: string }>((resolve) => {
    const child = execFile(
      process.execPath,
      ["--import", hook, bin, ...args],
      {
        cwd: repositoryRoot,
        timeout: 60_000,
        env: {
          PATH: process.env.PATH ?? "",
          HOME: process.env.HOME ?? "",
          XDG_CACHE_HOME: join(work, "cache"),
          SEARCH_DOCS_REF_DIR: join(work, "refs"),
          RECORD_LOADED_MODULES_TO: record,
          ...environment,
        },
      },
      (error, _stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stderr }),
    );
    // The MCP bin serves stdio until stdin ends: ending it at once makes it start, then exit.
    child.stdin?.end();
  });
  expect(code, stderr).toBe(0);
  const urls = readFileSync(record, "utf8").split("\n");
  const files = urls.filter((url) => url.startsWith("file:")).map((url) => fileURLToPath(url));
  const coreDist = join(repositoryRoot, "packages/core/dist");
  const sources = files
    .filter((file) => file.startsWith(coreDist) && file.endsWith(".js"))
    .flatMap((file) =>
      [...readFileSync(file, "utf8").matchAll(/^\/\/ (src\/\S+\.ts)$/gm)].map((m) => m[1]),
    );
  return {
    builtins: urls.filter((url) => url.startsWith("node:")),
    files: files.map((file) => relative(repositoryRoot, file)),
    sources: new Set(sources as string[]),
  };
}

/** The source files a module imports, transitively (type-only imports are erased: skipped). */
function importClosure(entry: string): Set<string> {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const text = readFileSync(join(repositoryRoot, "packages/core", file), "utf8");
    for (const match of text.matchAll(
      /^(?:import|export) (?!type )[^;]*?from "(\.[^"]+)\.js";/gm,
    )) {
      visit(join(dirname(file), `${match[1]}.ts`));
    }
  };
  visit(entry);
  return seen;
}

const fakeService = importClosure("src/testing/start-fake-docs-service.ts");
const testingSources = (sources: Set<string>) =>
  [...sources].filter((source) => source.startsWith("src/testing/"));

describe("search-docs", () => {
  it("--help loads no test code, no engine and neither node:sqlite nor pg", async () => {
    const { builtins, files, sources } = await loadedBy(coreBin, ["--help"]);
    expect(testingSources(sources)).toEqual([]);
    expect(builtins).not.toContain("node:sqlite");
    expect(
      files.filter((file) =>
        /node_modules\/pg\/|dist\/(folder|postgres|elasticsearch|algolia|meilisearch|typesense)\//.test(
          file,
        ),
      ),
    ).toEqual([]);
  });

  it("a search of a docs folder loads no test code", async () => {
    const { files, sources } = await loadedBy(coreBin, ["rotate a key", "--docs", sampleDocs]);
    expect(testingSources(sources)).toEqual([]);
    expect(files.filter((file) => file.includes("dist/testing/"))).toEqual([]);
  });

  it.each([
    ["a search on the embedded fake service", ["rotate a key"]],
    ["the demo", ["demo"]],
  ])("%s loads the fake service's own modules, not the /testing barrel", async (_, args) => {
    const { files, sources } = await loadedBy(coreBin, args);
    const loaded = testingSources(sources);
    expect(loaded).toContain("src/testing/start-fake-docs-service.ts");
    expect(loaded.filter((source) => !fakeService.has(source))).toEqual([]);
    expect(files).not.toContain("packages/core/dist/testing/index.js");
  });
});

describe("search-docs-mcp", () => {
  it.each([
    ["--docs <folder>", ["--docs", sampleDocs], {}],
    [
      "the v2 API",
      [],
      {
        SEARCH_DOCS_BASE_URL: "http://127.0.0.1:59999",
        SEARCH_DOCS_TOKEN: "a-token",
        SEARCH_DOCS_AREAS: '{"runbooks":["x"]}',
      },
    ],
  ])("over %s loads no /testing module", async (_, args, environment) => {
    const { files, sources } = await loadedBy(mcpBin, args, environment);
    expect(testingSources(sources)).toEqual([]);
    expect(files.filter((file) => file.includes("/testing/"))).toEqual([]);
  });

  it("with nothing configured loads the fake service it serves", async () => {
    const { sources } = await loadedBy(mcpBin, []);
    expect(testingSources(sources)).toContain("src/testing/start-fake-docs-service.ts");
  });
});
