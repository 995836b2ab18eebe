import type pg from "pg";
import { afterAll, beforeAll, expect, it } from "vitest";
import {
  appRole,
  describeWithPostgres,
  startTestDatabase,
  type TestDatabase,
  testAttempt,
} from "../__fixtures__/postgres-for-tests.js";
import { githubSlug } from "../backend-kit/page-sections.js";
import { loadCorpus } from "../testing/load-corpus.js";
import { postgresBackend } from "./postgres-backend.js";
import { resolvePostgresLayout } from "./postgres-layout.js";
import { postgresPageIndexSql } from "./postgres-page-index-sql.js";
import { postgresQueries } from "./postgres-queries.js";
import { splitExclusions } from "./split-exclusions.js";

// An app's own table of whole pages, `pages(id, space, title, body, url, updated_at)`: no
// section column, no search column, an integer id. Each sample-corpus document is one page whose
// body is Markdown, each section under a `## ` heading, so page section n is corpus section n.
const corpus = loadCorpus(new URL("../testing/corpus/sample-corpus.jsonl", import.meta.url));
const markdownOf = (sections: readonly { heading: string; text: string }[]) =>
  sections.map((section) => `## ${section.heading}\n\n${section.text}`).join("\n\n");
const urlOf = (document: { area: string; slug: string }) =>
  `https://docs.example.com/${document.area}/${document.slug}`;

// Distinctive words of one section: its longest, none sharing a stem (its first five letters)
// with a word of another section of the page, so the words say which section they come from.
function queryFor(document: (typeof corpus)[number], index: number): string | undefined {
  const wordsOf = (text: string) => new Set(text.toLowerCase().match(/[a-z]{6,}/g) ?? []);
  const stemsElsewhere = new Set(
    document.sections.flatMap((section, at) =>
      at === index
        ? []
        : [...(`${section.heading} ${section.text}`.toLowerCase().match(/[a-z]{5,}/g) ?? [])].map(
            (word) => word.slice(0, 5),
          ),
    ),
  );
  const own = [...wordsOf(document.sections[index]?.text ?? "")].filter(
    (word) => !stemsElsewhere.has(word.slice(0, 5)),
  );
  own.sort((left, right) => right.length - left.length || left.localeCompare(right));
  return own.length < 3 ? undefined : own.slice(0, 4).join(" ");
}

describeWithPostgres('a page table (rows: "pages") on a real PostgreSQL', () => {
  let database: TestDatabase;
  let pool: pg.Pool;

  beforeAll(async () => {
    database = await startTestDatabase();
    await database.admin.query(`create table pages (
      id bigint generated always as identity primary key,
      space text not null,
      title text not null,
      body text not null,
      url text,
      updated_at timestamptz
    )`);
    for (const document of corpus) {
      await database.admin.query(
        "insert into pages (space, title, body, url, updated_at) values ($1, $2, $3, $4, $5)",
        [
          document.area,
          document.title,
          markdownOf(document.sections),
          urlOf(document),
          document.updated,
        ],
      );
    }
    // A page whose best passage starts on the last word of one section and runs into the next,
    // which holds the rest of the words: the hit belongs to the next one. And a page with no
    // heading at all: one section, under its title.
    await database.admin.query(
      `insert into pages (space, title, body, url) values
       ('edge', 'Vault keys', $1, 'https://docs.example.com/edge/vault-keys'),
       ('edge', 'Plain note', 'The vault has no headings here, only this line.', null)`,
      [
        "Intro text.\n\n## Where keys live\n\nThe keys are in the vault\n\n## Steps\n\nRotate the signing key, restart the signer, then rotate again and restart.",
      ],
    );
    // Enough other pages that the planner has a choice between a scan and the index.
    await database.admin.query(
      `insert into pages (space, title, body) select 'filler', 'Filler ' || n,
         repeat('lorem ipsum dolor sit amet ', 20) || n from generate_series(1, 3000) as n`,
    );
    await database.admin.query(postgresPageIndexSql({ table: "pages" }));
    await database.admin.query("vacuum analyze pages");
    await database.admin.query(`grant select on pages to ${appRole}`);
    pool = database.appPool();
  }, 60_000);
  afterAll(async () => {
    await database?.close();
  });

  const backendOf = (options: Parameters<typeof postgresBackend>[0]) => postgresBackend(options);

  it("searches through the expression GIN index, in one statement", async () => {
    const layout = resolvePostgresLayout({
      table: "pages",
      rows: "pages",
      pageColumns: { collectionId: "space" },
    });
    const { search } = postgresQueries(layout, "any");
    const query = "rotate the signing key";
    const { included, excluded } = splitExclusions(query);
    const plan = await pool.query(`explain (format json) ${search}`, [
      "english",
      query,
      included,
      excluded,
      "runbooks",
      21,
      0,
      false,
    ]);
    const text = JSON.stringify(plan.rows[0]["QUERY PLAN"]);
    expect(text).toContain('"Index Name":"pages_search_idx"');
    expect(text).toMatch(/"Node Type":"Bitmap Index Scan"/);
    expect(search.split(";").length).toBe(1);
  });

  it("a stored vector column (pageColumns.searchVector) serves the same hits through its own index", async () => {
    await database.admin.query(
      postgresPageIndexSql({ table: "pages", pageColumns: { searchVector: "search_vector" } }),
    );
    await database.admin.query("analyze pages");
    const computed = backendOf({
      pool,
      table: "pages",
      rows: "pages",
      pageColumns: { collectionId: "space" },
    });
    const stored = backendOf({
      pool,
      table: "pages",
      rows: "pages",
      pageColumns: { collectionId: "space", searchVector: "search_vector" },
    });
    let pagesCompared = 0;
    for (const query of [
      "rotate the signing key",
      "disk full on a node",
      "vpn handshake",
      "restart the pods",
    ]) {
      const request = { collectionId: "runbooks", query, pageSize: 10, continuation: undefined };
      const [left, right] = [
        await computed.searchPage(request, testAttempt()),
        await stored.searchPage(request, testAttempt()),
      ];
      if (right.kind === "page") pagesCompared += 1;
      const shape = (outcome: typeof left) =>
        outcome.kind === "page"
          ? outcome.hits.map((hit) => [hit.documentId, hit.section, hit.url])
          : outcome.kind;
      expect(shape(right)).toEqual(shape(left));
    }
    expect(pagesCompared).toBeGreaterThanOrEqual(2);
    const layout = resolvePostgresLayout({
      table: "pages",
      rows: "pages",
      pageColumns: { collectionId: "space", searchVector: "search_vector" },
    });
    const { search } = postgresQueries(layout, "any");
    const { included, excluded } = splitExclusions("rotate the signing key");
    const plan = await pool.query(`explain (format json) ${search}`, [
      "english",
      "rotate the signing key",
      included,
      excluded,
      "runbooks",
      21,
      0,
      false,
    ]);
    expect(JSON.stringify(plan.rows[0]["QUERY PLAN"])).toContain(
      '"Index Name":"pages_search_vector_idx"',
    );
  });

  it("opens a hit at the section holding most of its passage's words, not where the passage starts", async () => {
    const backend = backendOf({
      pool,
      table: "pages",
      rows: "pages",
      pageColumns: { collectionId: "space" },
    });
    const outcome = await backend.searchPage(
      {
        collectionId: "edge",
        query: "vault rotate signing key restart",
        pageSize: 5,
        continuation: undefined,
      },
      testAttempt(),
    );
    if (outcome.kind !== "page") throw new Error(outcome.kind);
    const vaultKeys = outcome.hits.find((hit) => hit.title === "Vault keys");
    expect(vaultKeys).toMatchObject({
      section: "3",
      url: "https://docs.example.com/edge/vault-keys#steps",
    });
    // The passage runs across the heading: it starts in section 2.
    expect(vaultKeys?.snippet).toMatch(/vault[\s\S]*Steps[\s\S]*Rotate/);
    const plain = outcome.hits.find((hit) => hit.title === "Plain note");
    expect(plain?.section).toBe("1");
    expect(plain?.url).toBeUndefined();
    const document = await backend.getDocument(
      { collectionId: "edge", documentId: plain?.documentId ?? "" },
      testAttempt(),
    );
    expect(document).toMatchObject({
      kind: "document",
      document: { sections: [{ section: "1", heading: "Plain note" }] },
    });
  });

  it("opens each hit at the section holding the words, with that section's anchor", async () => {
    const backend = backendOf({
      pool,
      table: "pages",
      rows: "pages",
      pageColumns: { collectionId: "space" },
    });
    const tried: string[] = [];
    const wrong: string[] = [];
    for (const document of corpus) {
      for (const index of [
        0,
        document.sections.length - 1,
        Math.floor(document.sections.length / 2),
      ]) {
        const query = queryFor(document, index);
        if (query === undefined) continue;
        tried.push(query);
        const outcome = await backend.searchPage(
          { collectionId: document.area, query, pageSize: 10, continuation: undefined },
          testAttempt(),
        );
        const hit =
          outcome.kind === "page"
            ? outcome.hits.find((found) => found.title === document.title)
            : undefined;
        const heading = document.sections[index]?.heading ?? "";
        if (hit?.section !== String(index + 1)) {
          wrong.push(`${document.slug}#${index + 1} for "${query}": ${hit?.section}`);
          continue;
        }
        // The hit links where get_document's section of that number links: the page at its anchor.
        const read = await backend.getDocument(
          { collectionId: document.area, documentId: hit.documentId },
          testAttempt(),
        );
        if (read.kind !== "document") throw new Error(`get_document: ${read.kind}`);
        const listed = read.document.sections[index];
        if (listed?.section !== String(index + 1) || listed.url !== hit.url) {
          wrong.push(
            `${document.slug}#${index + 1}: get_document lists ${listed?.section} at ${listed?.url}, the hit links ${hit.url}`,
          );
        }
        // A heading without inline markup: its text and its anchor as GitHub writes them.
        if (/^[\w ]+$/.test(heading) && !heading.includes("_")) {
          expect(listed?.heading).toBe(heading);
          // A heading repeated on the page gets -1, -2, … as GitHub numbers them.
          expect(hit.url?.slice(urlOf(document).length)).toMatch(
            new RegExp(`^#${githubSlug(heading)}(-\\d+)?$`),
          );
        }
      }
    }
    expect(tried.length).toBeGreaterThan(60);
    expect(wrong).toEqual([]);
  }, 60_000);
});
