import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { main } from "./main.js";

let work: string;

beforeEach(() => {
  work = mkdtempSync(join(tmpdir(), "search-docs-cli-docs-"));
  mkdirSync(join(work, "docs", "runbooks"), { recursive: true });
  writeFileSync(
    join(work, "docs", "runbooks", "key-rotation.md"),
    "# Key rotation\n\nRotate the signing key every 90 days.\n\n## Steps\n\nCreate the new key, then revoke the old one.\n",
  );
});

afterEach(() => rmSync(work, { recursive: true, force: true }));

async function run(argv: string[], environment: Record<string, string> = {}) {
  const output = { out: "", err: "" };
  const code = await main(argv, {
    out: (text) => {
      output.out += text;
    },
    err: (text) => {
      output.err += text;
    },
    // The index and the refs stay in the test's folder.
    environment: {
      XDG_CACHE_HOME: join(work, "cache"),
      SEARCH_DOCS_REF_DIR: join(work, "refs"),
      ...environment,
    },
  });
  return { code, ...output };
}

describe("search-docs --docs <folder>", () => {
  it("searches the folder with refs that are its files' paths, and get reads one", async () => {
    const search = await run(["rotate the signing key", "--docs", join(work, "docs"), "--json"]);
    expect(search.code).toBe(0);
    expect(search.err).toMatch(/^indexed .*docs: 1 files, 2 sections/);
    expect(search.err).toMatch(/\nSearching folder at .*docs \(areas: runbooks\)\n$/);
    const { output } = JSON.parse(search.out) as {
      output: { status: string; results: { ref: string }[] };
    };
    expect(output.status).toBe("ok");
    expect(output.results[0]?.ref).toBe("runbooks/key-rotation#1");
    const get = await run([
      "get",
      "runbooks/key-rotation#2",
      "--docs",
      join(work, "docs"),
      "--json",
    ]);
    expect(JSON.parse(get.out).output).toMatchObject({ status: "ok", title: "Key rotation" });
  });

  it("beside another engine's variable is one line naming both, never a silent pick", async () => {
    const result = await run(["anything", "--docs", join(work, "docs")], {
      SEARCH_DOCS_BASE_URL: "http://127.0.0.1:9",
    });
    expect(result.code).toBe(2);
    expect(result.err).toMatch(
      /^search-docs: SEARCH_DOCS_BASE_URL is the v2 API's, but --docs names a folder[^\n]*\n$/,
    );
  });

  it("is one line and exit code 2 for a folder that does not exist", async () => {
    const result = await run(["anything", "--docs", join(work, "nowhere")]);
    expect(result.code).toBe(2);
    expect(result.err).toMatch(/^search-docs: folder: .*nowhere does not exist/);
  });
});
