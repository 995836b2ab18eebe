import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  describeWithPostgres,
  startTestDatabase,
  type TestDatabase,
} from "../__fixtures__/postgres-for-tests.js";
import { runCli } from "../__fixtures__/run-cli.js";
import { startHostedEngine } from "../__fixtures__/start-hosted-engine.js";
import { toMarkdown } from "../folder/to-markdown.js";
import { loadSections, sectionsOfDocument } from "../postgres/load-sections.js";
import { loadCorpus } from "../testing/load-corpus.js";

// `search-docs eval` from the CLI, configured by environment variables only, on a PostgreSQL
// server, a folder and a hosted engine's test server; and `--against` folder vs PostgreSQL on the
// shared corpus in one run. The figures are not asserted to the digit (bench/ does that): what is
// asserted is that each backend is measured, outages are counted apart, and the gates exit.

const root = mkdtempSync(join(tmpdir(), "eval-engines-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function run(argv: string[], environment: NodeJS.ProcessEnv) {
  return runCli(argv, {
    SEARCH_DOCS_REF_DIR: join(root, "refs"),
    XDG_CACHE_HOME: join(root, "cache"),
    ...environment,
  });
}

describe("search-docs eval on a hosted engine's test server (Typesense)", () => {
  let fixture: Awaited<ReturnType<typeof startHostedEngine>>;
  let environment: NodeJS.ProcessEnv;
  beforeAll(async () => {
    fixture = await startHostedEngine("typesense");
    environment = {
      SEARCH_DOCS_BACKEND: "typesense",
      SEARCH_DOCS_TYPESENSE_URL: fixture.fake.urls[0],
      SEARCH_DOCS_TYPESENSE_API_KEY: fixture.plainKey,
      SEARCH_DOCS_AREAS: JSON.stringify({ docs: [fixture.index] }),
    };
  }, 60_000);
  afterAll(() => fixture?.close());

  it("drafts a set, scores it once a person has taken the marker off, and counts an outage apart", async () => {
    const drafted = join(root, "typesense-drafted.jsonl");
    const init = await run(["eval", "init", drafted, "--count", "6"], environment);
    expect(init.code).toBe(0);
    // What a person does after editing: the marker line goes.
    const edited = join(root, "typesense.jsonl");
    writeFileSync(edited, readFileSync(drafted, "utf8").split("\n").slice(1).join("\n"));

    const measured = await run(["eval", edited, "--json", "--max-unavailable", "0"], environment);
    expect(measured.err).toContain("Searching typesense at http");
    expect(measured.err).not.toContain(fixture.plainKey);
    expect(measured.code).toBe(0);
    const report = JSON.parse(measured.out) as {
      drafted: boolean;
      overall: { calls: number; recallAt8: number; unavailable: { calls: number } };
    };
    expect(report.drafted).toBe(false);
    expect(report.overall.unavailable.calls).toBe(0);
    expect(report.overall.recallAt8).toBeGreaterThan(0.5);

    // The engine goes down: every call is unavailable, none is counted as a miss, the gate exits 1.
    await fixture.fake.close();
    const down = await run(["eval", edited, "--json", "--max-unavailable", "0"], environment);
    expect(down.code).toBe(1);
    const outage = JSON.parse(down.out) as {
      overall: { calls: number; recallAt8: number | null; unavailable: { calls: number } };
    };
    expect(outage.overall.unavailable.calls).toBe(outage.overall.calls);
    expect(outage.overall.recallAt8).toBeNull();
    expect(down.err).toMatch(/search-docs eval: .*unavailable/);
  }, 120_000);
});

// The shared corpus sits beside the repository (../shared), here and in CI.
const sharedCorpus = fileURLToPath(
  new URL("../../../../../shared/corpus/docs.jsonl", import.meta.url),
);
const sharedQueries = fileURLToPath(
  new URL("../../../../bench/tasks/shared-corpus-queries.jsonl", import.meta.url),
);

describeWithPostgres(
  "search-docs eval --against: a folder and PostgreSQL on the shared corpus",
  () => {
    let database: TestDatabase;
    const folder = join(root, "shared-docs");
    const queries = join(root, "shared.jsonl");
    beforeAll(async () => {
      if (!existsSync(sharedCorpus)) return;
      database = await startTestDatabase();
      const corpus = loadCorpus(sharedCorpus);
      const byId = new Map(corpus.map((document) => [document.id, document]));
      // The folder: one Markdown file per document, under its area, named by its slug.
      for (const document of corpus) {
        mkdirSync(join(folder, document.area), { recursive: true });
        writeFileSync(
          join(folder, document.area, `${document.slug}.md`),
          toMarkdown({
            title: document.title,
            updated: document.updated,
            sections: document.sections.map(({ heading, text }) => ({ heading, body: text })),
          }),
        );
      }
      // PostgreSQL: one row per section, the area as the collection, the slug for the ref.
      await loadSections(
        database.admin,
        corpus.flatMap((document) => sectionsOfDocument(document)),
      );
      // The set, with each gold document named as a user knows it: `<area>/<slug>`, the same in both.
      const lines = readFileSync(sharedQueries, "utf8").trim().split("\n");
      writeFileSync(
        queries,
        `${lines
          .map((line) => {
            const { id, query, area, gold } = JSON.parse(line) as {
              id: string;
              query: string;
              area?: string;
              gold: Array<{ doc_id: string }>;
            };
            const expect = gold.map(({ doc_id }) => {
              const document = byId.get(doc_id);
              if (document === undefined) throw new Error(`${id}: no document ${doc_id}`);
              return `${document.area}/${document.slug}`;
            });
            return JSON.stringify({ id, query, ...(area ? { area } : {}), expect });
          })
          .join("\n")}\n`,
      );
    }, 180_000);
    afterAll(async () => {
      await database?.close();
    });

    it.skipIf(!existsSync(sharedCorpus))(
      "runs the same set on both in one run, alternating, and prints both columns",
      async () => {
        const areas = Object.fromEntries(
          [...new Set(loadCorpus(sharedCorpus).map((document) => document.area))].map((area) => [
            area,
            [area],
          ]),
        );
        const against = join(root, "folder.json");
        writeFileSync(
          against,
          JSON.stringify({ SEARCH_DOCS_BACKEND: "folder", SEARCH_DOCS_FOLDER_PATH: folder }),
        );
        const environment = {
          SEARCH_DOCS_BACKEND: "postgres",
          SEARCH_DOCS_POSTGRES_URL: database.appUrl,
          SEARCH_DOCS_AREAS: JSON.stringify(areas),
        };
        const table = await run(["eval", queries, "--against", against], environment);
        expect(table.err).not.toContain("app-password-for-tests");
        expect(table.code).toBe(0);
        // Both setups' columns, per group, and the difference.
        expect(table.out).toMatch(/configured/);
        expect(table.out).toMatch(/folder/);

        const json = await run(["eval", queries, "--against", against, "--json"], environment);
        const reports = JSON.parse(json.out) as Record<
          string,
          { overall: { calls: number; recallAt8: number; unavailable: { calls: number } } }
        >;
        expect(Object.keys(reports).sort()).toEqual(["configured", "folder"]);
        for (const report of Object.values(reports)) {
          expect(report.overall.calls).toBe(45);
          expect(report.overall.unavailable.calls).toBe(0);
          // Both engines find most gold documents of this set; bench/ reports the exact figures.
          expect(report.overall.recallAt8).toBeGreaterThan(0.9);
        }
      },
      180_000,
    );
  },
);
