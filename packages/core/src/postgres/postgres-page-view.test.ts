import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import type pg from "pg";
import { afterAll, beforeAll, expect, it } from "vitest";
import {
  appRole,
  describeWithPostgres,
  startTestDatabase,
  type TestDatabase,
} from "../__fixtures__/postgres-for-tests.js";
import { createDocsSearch } from "../create-docs-search.js";
import { postgresBackend } from "./postgres-backend.js";
import { postgresPageIndexSql } from "./postgres-page-index-sql.js";

// docs/postgres.md's recipe, statement for statement: the SQL is read from the doc, so the doc
// cannot drift from what is tested. An app's handbook_pages under row-level security, a
// security_invoker view in the page layout's names, two callers through createDocsSearch.
const doc = readFileSync(new URL("../../docs/postgres.md", import.meta.url), "utf8");
const recipe =
  /<!-- postgres-page-view\.test\.ts runs this block -->\n```sql\n([\s\S]*?)\n```/.exec(doc)?.[1];

const tokens = {
  platformReader: "token-of-a-platform-engineer",
  bothReader: "token-of-a-payments-lead",
};
const hashOf = (token: string) => createHash("sha256").update(token).digest("hex");
const page = (team: string, title: string, body: string, permalink: string) => ({
  team,
  title,
  body,
  permalink,
});
const pages = [
  page(
    "platform",
    "Rotate the signing key",
    "Intro.\n\n## Steps\n\nRun keyctl rotate, then restart the gateway.\n\n## Roll back\n\nRestore the previous keyring from the vault.",
    "https://handbook.example.com/platform/signing-key",
  ),
  page(
    "platform",
    "Disk full on a node",
    "## Free space\n\nDelete old journal files with journalctl --vacuum-size.",
    "https://handbook.example.com/platform/disk-full",
  ),
  page(
    "payments",
    "Refund a card payment",
    "## Before you start\n\nCheck the chargeback window.\n\n## Refund\n\nIssue the refund from the ledger console; the gateway settles it overnight.",
    "https://handbook.example.com/payments/refunds",
  ),
];

describeWithPostgres("docs/postgres.md's view over an app table with row-level security", () => {
  let database: TestDatabase;
  let pool: pg.Pool;

  beforeAll(async () => {
    if (recipe === undefined)
      throw new Error("docs/postgres.md lost the recipe's marked SQL block");
    database = await startTestDatabase();
    // Run as the tables' owner, as the doc says; the app role (search_app) is neither owner nor superuser.
    await database.admin.query(recipe);
    for (const { team, title, body, permalink } of pages) {
      await database.admin.query(
        "insert into handbook_pages (team, title, body_markdown, permalink) values ($1, $2, $3, $4)",
        [team, title, body, permalink],
      );
    }
    await database.admin.query(
      "insert into handbook_pages (team, title, body_markdown, published) values ('payments', 'Draft: rotate refunds', 'Not published.', false)",
    );
    await database.admin.query(
      "insert into handbook_readers values ($1, 'platform'), ($2, 'platform'), ($2, 'payments')",
      [hashOf(tokens.platformReader), hashOf(tokens.bothReader)],
    );
    await database.admin.query("analyze handbook_pages");
    pool = database.appPool();
  }, 60_000);
  afterAll(async () => {
    await database?.close();
  });

  const docsOver = (table: string) =>
    createDocsSearch({
      backend: postgresBackend({
        pool,
        table,
        rows: "pages",
        pageColumns: { collectionId: "team" },
      }),
      areas: { platform: ["platform"], payments: ["payments"] },
    });
  const titles = (output: { status: string; results?: { title: string }[] }) =>
    (output.results ?? []).map((result) => result.title).sort();

  it("the doc's index is the one postgresPageIndexSql writes for the table under the view", () => {
    expect(recipe).toContain(
      postgresPageIndexSql({
        table: "handbook_pages",
        pageColumns: { body: "body_markdown" },
      }).trim(),
    );
    expect(recipe).toContain(`to ${appRole};`);
  });

  it("two callers read only their teams' pages, in search and in get_document, linked at the section", async () => {
    const docs = docsOver("search_pages");
    const platformOnly = { caller: { token: tokens.platformReader } };
    const both = { caller: { token: tokens.bothReader } };

    const asPlatform = await docs.search({ query: "rotate the gateway refund" }, platformOnly);
    expect(asPlatform.output.status).toBe("ok");
    expect(titles(asPlatform.output)).toEqual(["Rotate the signing key"]);
    const asBoth = await docs.search({ query: "rotate the gateway refund" }, both);
    expect(titles(asBoth.output)).toEqual(["Refund a card payment", "Rotate the signing key"]);
    // Never the unpublished draft, which the view leaves out for everyone.
    expect(JSON.stringify(asBoth.output)).not.toContain("Draft");

    // A word only the payments page holds: nothing for the platform reader.
    expect((await docs.search({ query: "chargeback ledger" }, platformOnly)).output.status).toBe(
      "no_matches",
    );
    // A token no reader row holds reads nothing at all.
    const stranger = { caller: { token: "token-of-someone-else" } };
    expect(
      (await docs.search({ query: "rotate the gateway refund" }, stranger)).output.status,
    ).toBe("no_matches");

    // The ref opens at the section holding the words, and links there.
    const refund =
      asBoth.output.status === "ok"
        ? asBoth.output.results.find((result) => result.title.startsWith("Refund"))
        : undefined;
    expect(refund?.ref).toMatch(/^payments\/refund-a-card-payment#2$/);
    expect(asBoth.urls[refund?.ref ?? ""]).toBe(
      "https://handbook.example.com/payments/refunds#refund",
    );
    const read = await docs.getDocument({ ref: refund?.ref ?? "" }, both);
    expect(read.output).toMatchObject({ status: "ok", title: "Refund a card payment" });
    expect(JSON.stringify(read.output)).toContain("Issue the refund from the ledger console");
    expect(read.urls[refund?.ref ?? ""]).toBe(
      "https://handbook.example.com/payments/refunds#refund",
    );
    // The other caller, holding the ref: the page is hidden from them.
    const leaked = await docs.getDocument({ ref: refund?.ref ?? "" }, platformOnly);
    expect(leaked.output.status).toBe("not_found");
    expect(JSON.stringify(leaked.output)).not.toContain("ledger");
  });

  it("the same view without security_invoker reads as its owner: every caller reads every team", async () => {
    await database.admin.query(
      "create view search_pages_as_owner as select id, team, title, body_markdown as body, permalink as url, updated_at from handbook_pages where published",
    );
    await database.admin.query(`grant select on search_pages_as_owner to ${appRole}`);
    const leaky = docsOver("search_pages_as_owner");
    const output = (
      await leaky.search(
        { query: "chargeback ledger" },
        { caller: { token: tokens.platformReader } },
      )
    ).output;
    expect(titles(output)).toEqual(["Refund a card payment"]);
  });

  it("under the policy PostgreSQL does not use the full-text index (to_tsvector and @@ are not leakproof), as the doc says", async () => {
    const client = await pool.connect();
    try {
      await client.query("begin");
      await client.query("select set_config('search_docs.caller_token', $1, true)", [
        tokens.bothReader,
      ]);
      const plan = await client.query(
        `explain (format json) select id from search_pages as section_row
         where (setweight(to_tsvector('english'::regconfig, coalesce(section_row.title, '')), 'A') || setweight(to_tsvector('english'::regconfig, coalesce(section_row.body, '')), 'C')) @@ websearch_to_tsquery('english', 'refund')`,
      );
      expect(JSON.stringify(plan.rows[0]["QUERY PLAN"])).not.toContain("handbook_pages_search_idx");
      await client.query("commit");
    } finally {
      client.release();
    }
    expect(doc).toContain("under a policy the full-text index is **not used**");
  });
});
