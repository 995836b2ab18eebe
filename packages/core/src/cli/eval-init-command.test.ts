import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runCli } from "../__fixtures__/run-cli.js";

// `eval init` drafts from whatever the configured backend is, through the search tool itself:
// here the repository's sample docs folder, indexed for real, configured by environment only.
const sampleDocs = new URL("../../../../examples/docs", import.meta.url).pathname;
const root = mkdtempSync(join(tmpdir(), "eval-init-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function run(argv: string[], environment: NodeJS.ProcessEnv) {
  return runCli(argv, {
    SEARCH_DOCS_REF_DIR: join(root, "refs"),
    XDG_CACHE_HOME: join(root, "cache"),
    ...environment,
  });
}

const folder = { SEARCH_DOCS_BACKEND: "folder", SEARCH_DOCS_FOLDER_PATH: sampleDocs };

describe("search-docs eval init", () => {
  it("drafts known-item questions a person edits, which eval refuses to score until then", async () => {
    const path = join(root, "drafted.jsonl");
    const init = await run(["eval", "init", path, "--count", "12"], folder);
    expect(init.err).toMatch(/Wrote 12 drafted questions to .*drafted\.jsonl/);
    expect(init.code).toBe(0);
    const [marker, ...lines] = readFileSync(path, "utf8").trimEnd().split("\n");
    expect(JSON.parse(marker as string)).toMatchObject({ search_docs_eval: "drafted" });
    expect(lines).toHaveLength(12);
    const questions = lines.map(
      (line) => JSON.parse(line) as { query: string; area: string; expect: string[] },
    );
    // One section each, distinct, named by the ref the search issued (a path with its section).
    expect(new Set(questions.map((question) => question.expect[0])).size).toBe(12);
    for (const question of questions) {
      expect(question.expect).toHaveLength(1);
      expect(question.expect[0]).toMatch(new RegExp(`^${question.area}/[^#]+#`));
      expect(question.query.length).toBeGreaterThan(3);
    }

    // Never presented as a measurement: refused as it is, flagged when tried anyway.
    const refused = await run(["eval", path], folder);
    expect(refused.code).toBe(2);
    expect(refused.err).toContain("was drafted by `search-docs eval init`");
    const tried = await run(["eval", path, "--allow-drafted", "--json"], folder);
    expect(tried.code).toBe(0);
    const report = JSON.parse(tried.out) as { drafted: boolean; overall: { recallAt8: number } };
    expect(report.drafted).toBe(true);
    // Known-item questions from a section's own words find their document nearly always.
    expect(report.overall.recallAt8).toBeGreaterThanOrEqual(0.75);
  });

  it("never overwrites a file, and a bad --count is a one-line mistake", async () => {
    const path = join(root, "mine.jsonl");
    writeFileSync(path, '{"query":"kept","expect":[]}\n');
    const existing = await run(["eval", "init", path], folder);
    expect(existing.code).toBe(2);
    expect(existing.err).toBe(
      `search-docs: ${path} exists: eval init writes a new file (choose another name)\n`,
    );
    expect(readFileSync(path, "utf8")).toBe('{"query":"kept","expect":[]}\n');
    const badCount = await run(["eval", "init", join(root, "x.jsonl"), "--count", "many"], folder);
    expect(badCount.code).toBe(2);
    expect(badCount.err).toContain('--count must be a whole number, not "many"');
  });

  it("drafts nothing from an index it cannot reach: exit 3, no file, no partial", async () => {
    const port = await closedPort();
    const path = join(root, "down.jsonl");
    const down = await run(["eval", "init", path], {
      SEARCH_DOCS_BACKEND: "typesense",
      SEARCH_DOCS_TYPESENSE_URL: `http://127.0.0.1:${port}`,
      SEARCH_DOCS_TYPESENSE_API_KEY: "search-only-key",
      SEARCH_DOCS_AREAS: '{"runbooks":["runbooks"]}',
    });
    expect(down.code).toBe(3);
    expect(down.err).toContain("search-docs eval init: the search was unavailable");
    expect(down.err).not.toContain("search-only-key");
    expect(existsSync(path)).toBe(false);
    expect(readdirSync(root).filter((name) => name.startsWith("down"))).toEqual([]);
  }, 60_000);
});

/** A port nothing listens on: bound once, then released. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}
