import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runCli } from "../__fixtures__/run-cli.js";

const root = mkdtempSync(join(tmpdir(), "eval-cli-"));
const docs = join(root, "docs");
mkdirSync(join(docs, "runbooks"), { recursive: true });
mkdirSync(join(docs, "policies"), { recursive: true });
writeFileSync(
  join(docs, "runbooks", "key-rotation.md"),
  "# Key rotation\n\nKeys expire after ninety days.\n\n## Rotate the key\n\nCreate a new service account key, deploy it, revoke the old one.\n",
);
writeFileSync(
  join(docs, "policies", "parental-leave.md"),
  "# Parental leave\n\nEmployees get sixteen weeks of parental leave.\n",
);
afterAll(() => rmSync(root, { recursive: true, force: true }));

function write(name: string, lines: unknown[]): string {
  const path = join(root, name);
  writeFileSync(path, `${lines.map((line) => JSON.stringify(line)).join("\n")}\n`);
  return path;
}

function run(argv: string[]) {
  return runCli(["eval", ...argv], {
    SEARCH_DOCS_BACKEND: "folder",
    SEARCH_DOCS_FOLDER_PATH: docs,
    SEARCH_DOCS_REF_DIR: join(root, "refs"),
    XDG_CACHE_HOME: join(root, "cache"),
  });
}

const good = [
  {
    query: "rotate the service account key",
    area: "runbooks",
    expect: ["runbooks/key-rotation.md#2"],
    tags: ["howto"],
  },
  { query: "parental leave weeks", expect: ["policies/parental-leave"] },
  { query: "sourdough starter hydration", expect: [] },
];

describe("search-docs eval on a folder, configured by environment only", () => {
  it("prints the table, writes --json and --report (Markdown and SVG), and holds its gates", async () => {
    const queries = write("good.jsonl", good);
    const report = join(root, "report.md");
    const { code, out, err } = await run([
      queries,
      "--min-recall",
      "0.9",
      "--max-unavailable",
      "0",
      "--report",
      report,
    ]);
    expect(err).toContain("Searching");
    expect(code).toBe(0);
    expect(out).toMatch(/^group\s+calls\s+recall@8/);
    expect(out).toMatch(/\nall\s+3\s+1\.000\s+1\.000/);
    expect(readFileSync(report, "utf8")).toContain("](report.svg)");
    expect(readFileSync(join(root, "report.svg"), "utf8")).toMatch(/^<svg /);
    const json = await run([queries, "--json"]);
    const parsed = JSON.parse(json.out) as {
      overall: { recallAt8: number; noAnswer: { rate: number } };
    };
    expect(parsed.overall.recallAt8).toBe(1);
    expect(parsed.overall.noAnswer.rate).toBe(1);
    writeFileSync(join(root, "baseline.json"), json.out);
  });

  it("exits 1 with one line per broken gate, and names what a baseline run broke", async () => {
    const worse = write("worse.jsonl", [
      { ...good[0], expect: ["runbooks/other-page"] },
      good[1],
      good[2],
    ]);
    const gates = await run([worse, "--min-recall", "0.9", "--min-mrr", "0.8"]);
    expect(gates.code).toBe(1);
    expect(gates.err).toContain("search-docs eval: recall@8 0.500 is below --min-recall 0.9\n");
    expect(gates.err).toContain("search-docs eval: MRR@8 0.500 is below --min-mrr 0.8\n");
    expect(gates.out).toContain(
      'line 1 [runbooks] "rotate the service account key": expected runbooks/other-page',
    );
    const drop = await run([
      worse,
      "--baseline",
      join(root, "baseline.json"),
      "--tolerance",
      "0.1",
    ]);
    expect(drop.code).toBe(1);
    expect(drop.err).toContain('broken: line 1 "rotate the service account key"');
    expect(drop.err).toContain(
      "search-docs eval: recall@8 dropped from 1.000 to 0.500, beyond --tolerance 0.1",
    );
    const same = await run([join(root, "good.jsonl"), "--baseline", join(root, "baseline.json")]);
    expect(same.err).not.toMatch(/broken|dropped/);
    expect(same.code).toBe(0);
  });

  it("asks no more questions at once than the backend's in-flight bound holds", async () => {
    const queries = write("bounded.jsonl", good);
    // Two collections: a question without an area takes two of the 256 slots.
    const wide = await run([queries, "--concurrency", "500"]);
    expect(wide.code).toBe(0);
    expect(wide.err).toContain(
      "--concurrency 500 would queue requests behind the backend's in-flight bound (256 requests; a question fans out to every collection of its area): asking 128 at once",
    );
    const narrow = await run([queries, "--concurrency", "128"]);
    expect(narrow.err).not.toContain("in-flight bound");
  });

  it("--against a folder beside a v2 setup: the first setup's token stays with it", async () => {
    const { startFakeDocsService } = await import("../testing/index.js");
    const service = await startFakeDocsService();
    try {
      const against = join(root, "folder-setup.json");
      writeFileSync(
        against,
        JSON.stringify({ SEARCH_DOCS_BACKEND: "folder", SEARCH_DOCS_FOLDER_PATH: docs }),
      );
      const queries = write("both.jsonl", [good[0], good[2]]);
      const { code, out, err } = await runCli(["eval", queries, "--against", against, "--json"], {
        SEARCH_DOCS_BACKEND: "v2",
        SEARCH_DOCS_BASE_URL: service.url,
        SEARCH_DOCS_TOKEN: service.tokens.everything,
        SEARCH_DOCS_AREAS: JSON.stringify(service.areas),
        SEARCH_DOCS_REF_DIR: join(root, "refs"),
        XDG_CACHE_HOME: join(root, "cache"),
      });
      expect(err).not.toContain("does not read it");
      expect(code).toBe(0);
      const reports = JSON.parse(out) as Record<string, { overall: { calls: number } }>;
      expect(Object.keys(reports).sort()).toEqual(["configured", "folder-setup"]);
      expect(reports["folder-setup"]?.overall.calls).toBe(2);
    } finally {
      await service.close();
    }
  });

  it("refuses a bad query file with its line, before opening the backend", async () => {
    const path = join(root, "bad.jsonl");
    writeFileSync(path, `${JSON.stringify(good[0])}\n{"query":"x","expected":[]}\n`);
    const { code, err } = await run([path]);
    expect(code).toBe(2);
    expect(err).toBe(
      `search-docs: ${path}:2: unknown field "expected" (a line has id, query, area, expect, tags)\n`,
    );
  });
});
