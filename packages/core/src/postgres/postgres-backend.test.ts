import pg from "pg";
import { afterAll, beforeAll, expect, it } from "vitest";
import {
  appRole,
  describeWithPostgres,
  startTestDatabase,
  type TestDatabase,
  testAttempt,
} from "../__fixtures__/postgres-for-tests.js";
import { ConfigurationError } from "../errors/configuration-error.js";
import { loadSections, type SectionRecord } from "./load-sections.js";
import { postgresBackend } from "./postgres-backend.js";

const documents: SectionRecord[] = [
  ...[
    ["Overview", "Signing keys sign every token the service issues."],
    [
      "Rotate the signing key",
      "Generate a new key, publish it, then retire the old key after a day.",
    ],
    ["Roll back", "Restore the previous key from the vault if clients fail to verify."],
  ].map(([heading, body], index) => ({
    collectionId: "runbooks",
    documentId: "key-rotation",
    section: index + 1,
    title: "Key rotation",
    heading: heading as string,
    body: body as string,
    slug: "key-rotation",
    updatedAt: "2026-05-04",
  })),
  {
    collectionId: "runbooks",
    documentId: "disk-full",
    section: 1,
    title: "Disk full",
    heading: "Free space",
    body: "Delete old logs and rotate them daily; resize the volume last.",
    slug: "disk-full",
    updatedAt: "2026-01-10T08:30:00Z",
  },
  {
    collectionId: "guides",
    documentId: "quickstart",
    section: 1,
    title: "Quickstart",
    heading: "Install",
    body: "Install the CLI and sign in.",
    updatedAt: "2025-11-02",
  },
];

describeWithPostgres("postgresBackend against a real PostgreSQL", () => {
  let database: TestDatabase;
  let pool: pg.Pool;

  beforeAll(async () => {
    database = await startTestDatabase();
    await loadSections(database.admin, documents);
    pool = database.appPool();
  }, 60_000);
  afterAll(async () => {
    await database?.close();
  });

  it("ranks sections holding every word first, with a bounded passage and the section's position", async () => {
    const backend = postgresBackend({ pool });
    const outcome = await backend.searchPage(
      {
        collectionId: "runbooks",
        query: "rotate the signing key",
        pageSize: 20,
        continuation: undefined,
      },
      testAttempt(),
    );
    expect(outcome.kind).toBe("page");
    if (outcome.kind !== "page") return;
    // Sections holding every word (title "Key rotation" + "signing key") rank above the rest.
    const order = outcome.hits.map((hit) => `${hit.documentId}#${hit.section}`);
    expect(order.slice(0, 2).sort()).toEqual(["key-rotation#1", "key-rotation#2"]);
    expect(outcome.hits.find((hit) => hit.section === "2")).toMatchObject({
      documentId: "key-rotation",
      title: "Key rotation",
      slug: "key-rotation",
      updated: "2026-05-04",
    });
    expect(outcome.hits.find((hit) => hit.section === "2")?.snippet).toContain(
      "Generate a new key",
    );
    // "rotate" alone matches disk-full too: any word finds a section, every word ranks first.
    expect(outcome.hits.map((hit) => hit.documentId)).toContain("disk-full");
    const scores = outcome.hits.map((hit) => hit.score);
    expect([...scores].sort((left, right) => right - left)).toEqual(scores);
    expect(outcome.more).toBe(false);
    expect(outcome.hits.find((hit) => hit.documentId === "disk-full")?.updated).toBe(
      "2026-01-10T08:30:00Z",
    );
  });

  it("pages by offset: page size + 1 rows tell `more`, the continuation is the next offset", async () => {
    const backend = postgresBackend({ pool });
    const request = {
      collectionId: "runbooks",
      query: "key",
      pageSize: 2,
      continuation: undefined,
    };
    const first = await backend.searchPage(request, testAttempt());
    expect(first).toMatchObject({ kind: "page", more: true, next: "2" });
    const second = await backend.searchPage({ ...request, continuation: "2" }, testAttempt());
    expect(second).toMatchObject({ kind: "page", more: false });
    if (first.kind !== "page" || second.kind !== "page") return;
    const seen = [...first.hits, ...second.hits].map((hit) => `${hit.documentId}#${hit.section}`);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toHaveLength(3);
    // Past the end: an empty page, not "nothing matched".
    expect(await backend.searchPage({ ...request, continuation: "40" }, testAttempt())).toEqual({
      kind: "page",
      hits: [],
      more: false,
    });
    expect(
      await backend.searchPage({ ...request, continuation: "x; drop" }, testAttempt()),
    ).toMatchObject({
      kind: "failed",
      cause: "rejected",
    });
  });

  it('prefer: "recent" blends recency into the score, which stays the order', async () => {
    const backend = postgresBackend({ pool });
    const request = {
      collectionId: "runbooks",
      query: "rotate",
      pageSize: 20,
      continuation: undefined,
    };
    const recent = await backend.searchPage({ ...request, prefer: "recent" }, testAttempt());
    expect(recent.kind).toBe("page");
    if (recent.kind !== "page") return;
    // The score is the order: core merges collections by it.
    const scores = recent.hits.map((hit) => hit.score);
    expect([...scores].sort((left, right) => right - left)).toEqual(scores);
    const byRelevance = await backend.searchPage(request, testAttempt());
    if (byRelevance.kind !== "page") throw new Error("expected a page");
    // disk-full's one matching section is older than key-rotation's: it sinks under recent.
    const position = (hits: readonly { documentId: string }[]) =>
      hits.findIndex((hit) => hit.documentId === "disk-full");
    expect(position(recent.hits)).toBeGreaterThanOrEqual(position(byRelevance.hits));
    expect(recent.hits[0]?.documentId).toBe("key-rotation");
  });

  it("reads quotes and -exclusions as websearch_to_tsquery does", async () => {
    const backend = postgresBackend({ pool });
    const excluded = await backend.searchPage(
      { collectionId: "runbooks", query: "rotate -logs", pageSize: 20, continuation: undefined },
      testAttempt(),
    );
    expect(excluded.kind).toBe("page");
    if (excluded.kind === "page") {
      expect(excluded.hits.map((hit) => hit.documentId)).not.toContain("disk-full");
    }
    const all = postgresBackend({ pool, match: "all" });
    expect(
      await all.searchPage(
        {
          collectionId: "runbooks",
          query: '"retire the old vault"',
          pageSize: 20,
          continuation: undefined,
        },
        testAttempt(),
      ),
    ).toEqual({ kind: "no_match" });
  });

  it("answers no_match for nothing matched, and keeps areas apart by collection_id", async () => {
    const backend = postgresBackend({ pool });
    for (const [collectionId, query] of [
      ["runbooks", "kubernetes autoscaler"],
      ["guides", "vault rotation"],
      ["no-such-area", "key"],
      ["runbooks", "the and of"],
    ] as const) {
      expect(
        await backend.searchPage(
          { collectionId, query, pageSize: 20, continuation: undefined },
          testAttempt(),
        ),
      ).toEqual({ kind: "no_match" });
    }
  });

  it("takes SQL-shaped queries as text to search for", async () => {
    const backend = postgresBackend({ pool });
    for (const query of [
      "'; drop table search_docs_sections; --",
      "key') or 1=1 --",
      '" & | ! <-> :* ( )',
      "$1 $2 \\ \u0000",
      "search_docs_sections",
    ]) {
      const outcome = await backend.searchPage(
        {
          collectionId: "runbooks",
          query: query.replace("\u0000", ""),
          pageSize: 20,
          continuation: undefined,
        },
        testAttempt(),
      );
      expect(["page", "no_match"]).toContain(outcome.kind);
    }
    const count = await database.admin.query(
      "select count(*)::int as rows from search_docs_sections",
    );
    expect(count.rows[0].rows).toBe(documents.length);
  });

  it("reads one document's sections in order; a missing one is not_found", async () => {
    const backend = postgresBackend({ pool });
    const outcome = await backend.getDocument(
      { collectionId: "runbooks", documentId: "key-rotation" },
      testAttempt(),
    );
    expect(outcome).toEqual({
      kind: "document",
      document: {
        title: "Key rotation",
        slug: "key-rotation",
        updated: "2026-05-04",
        sections: [
          {
            section: "1",
            heading: "Overview",
            text: "Signing keys sign every token the service issues.",
          },
          { section: "2", heading: "Rotate the signing key", text: documents[1]?.body },
          { section: "3", heading: "Roll back", text: documents[2]?.body },
        ],
      },
    });
    expect(
      await backend.getDocument(
        { collectionId: "guides", documentId: "key-rotation" },
        testAttempt(),
      ),
    ).toEqual({ kind: "not_found" });
    expect(
      await backend.getDocument(
        { collectionId: "runbooks", documentId: "key-rotation" },
        testAttempt({ limits: { documentSections: 2 } }),
      ),
    ).toMatchObject({ kind: "failed", cause: "too_large" });
  });

  it("a wrong table, column or language is misconfigured, never no_match", async () => {
    const request = {
      collectionId: "runbooks",
      query: "key",
      pageSize: 20,
      continuation: undefined,
    };
    const wrongTable = postgresBackend({ pool, table: "no_such_table" });
    expect(await wrongTable.searchPage(request, testAttempt())).toMatchObject({
      kind: "failed",
      cause: "misconfigured",
      reason: "SQLSTATE 42P01 undefined_table",
    });
    expect(
      await wrongTable.getDocument(
        { collectionId: "runbooks", documentId: "key-rotation" },
        testAttempt(),
      ),
    ).toMatchObject({ kind: "failed", cause: "misconfigured" });
    const wrongColumn = postgresBackend({ pool, columns: { body: "content" } });
    expect(await wrongColumn.searchPage(request, testAttempt())).toMatchObject({
      kind: "failed",
      cause: "misconfigured",
      reason: "SQLSTATE 42703 undefined_column",
    });
    const wrongLanguage = postgresBackend({ pool, language: "klingon" });
    expect(await wrongLanguage.searchPage(request, testAttempt())).toMatchObject({
      kind: "failed",
      cause: "misconfigured",
      reason: "SQLSTATE 42704 undefined_object",
    });
  });

  it("a pool in pipeline mode: the transaction's prelude goes with the query, the answers are the same", async () => {
    const pipelined = database.appPool({ pipeline: true } as pg.PoolConfig);
    const request = {
      collectionId: "runbooks",
      query: "rotate the signing key",
      pageSize: 20,
      continuation: undefined,
    };
    expect(await postgresBackend({ pool: pipelined }).searchPage(request, testAttempt())).toEqual(
      await postgresBackend({ pool }).searchPage(request, testAttempt()),
    );
    expect(
      await postgresBackend({ pool: pipelined, table: "no_such_table" }).searchPage(
        request,
        testAttempt(),
      ),
    ).toMatchObject({
      kind: "failed",
      cause: "misconfigured",
      reason: "SQLSTATE 42P01 undefined_table",
    });
    // The failed transaction was rolled back: the client reads on.
    expect(
      (await postgresBackend({ pool: pipelined }).searchPage(request, testAttempt())).kind,
    ).toBe("page");
  });

  it("a plain pool: one statement at a time on a client (node-postgres 8.23 warns of its queue, pg 9 removes it)", async () => {
    // Every client the backend takes counts its statements in flight.
    let most = 0;
    // A pool of its own: its clients' query is wrapped for this test only.
    const own = database.appPool();
    const connect = async () => {
      const client = await own.connect();
      let running = 0;
      const query = client.query.bind(client) as (
        text: string,
        values?: unknown[],
      ) => Promise<unknown>;
      return Object.assign(client, {
        query: async (text: string, values?: unknown[]) => {
          running += 1;
          most = Math.max(most, running);
          try {
            return await query(text, values);
          } finally {
            running -= 1;
          }
        },
      });
    };
    // The real pool in every other respect (its events, options and counts).
    const counting = new Proxy(own, {
      get: (target, name) => {
        if (name === "connect") return connect;
        const value = Reflect.get(target, name, target);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    const backend = postgresBackend({ pool: counting });
    const request = {
      collectionId: "runbooks",
      query: "rotate the signing key",
      pageSize: 20,
      continuation: undefined,
    };
    expect((await backend.searchPage(request, testAttempt())).kind).toBe("page");
    expect(
      (
        await backend.getDocument(
          { collectionId: "runbooks", documentId: "key-rotation" },
          testAttempt(),
        )
      ).kind,
    ).toBe("document");
    expect(most).toBe(1);
  });

  it("refuses names that are not plain SQL names up front", () => {
    expect(() => postgresBackend({ pool, table: 'x"; drop table y; --' })).toThrow(
      ConfigurationError,
    );
    expect(() => postgresBackend({ pool, columns: { body: "body, password" } })).toThrow(
      ConfigurationError,
    );
    expect(() => postgresBackend({ pool, language: "english'); --" })).toThrow(ConfigurationError);
    expect(() => postgresBackend({ pool: {} as never })).toThrow(ConfigurationError);
  });

  it("a wrong password or unknown user is unauthorized", async () => {
    for (const url of [
      database.appUrl.replace("app-password-for-tests", "wrong"),
      database.appUrl.replace(appRole, "nobody"),
    ]) {
      const wrong = new pg.Pool({ connectionString: url });
      const attempt = testAttempt();
      expect(
        await postgresBackend({ pool: wrong }).searchPage(
          { collectionId: "runbooks", query: "key", pageSize: 20, continuation: undefined },
          attempt,
        ),
      ).toMatchObject({ kind: "unauthorized", reason: "SQLSTATE 28P01 invalid_password" });
      // The reason and the trace name the code, never the password or the server's message.
      expect(JSON.stringify(attempt.details)).not.toContain("wrong");
      await wrong.end();
    }
  });

  it("after REVOKE SELECT: misconfigured as the app's role, forbidden as the end user's", async () => {
    await database.admin.query("create role reader_role nologin");
    await database.admin.query(`grant reader_role to ${appRole}`);
    await database.admin.query(
      "create table revoked_sections (like search_docs_sections including all)",
    );
    await database.admin.query(`grant select on revoked_sections to ${appRole}`);
    await database.admin.query(`revoke select on revoked_sections from ${appRole}`);
    const request = {
      collectionId: "runbooks",
      query: "key",
      pageSize: 20,
      continuation: undefined,
    };
    expect(
      await postgresBackend({ pool, table: "revoked_sections" }).searchPage(request, testAttempt()),
    ).toMatchObject({
      kind: "failed",
      cause: "misconfigured",
      reason: "SQLSTATE 42501 insufficient_privilege",
    });
    const asEndUser = postgresBackend({
      pool,
      table: "revoked_sections",
      prepareAttempt: async (client) => {
        await client.query("set local role reader_role");
      },
    });
    expect(await asEndUser.searchPage(request, testAttempt())).toMatchObject({ kind: "forbidden" });
    expect(
      await asEndUser.getDocument(
        { collectionId: "runbooks", documentId: "key-rotation" },
        testAttempt(),
      ),
    ).toMatchObject({ kind: "forbidden" });
  });

  it("row-level security: three callers see three different sets; hidden rows read as no rows", async () => {
    await database.admin.query(
      "create table rls_sections (like search_docs_sections including all)",
    );
    await database.admin.query(
      "alter table rls_sections add column readers text[] not null default '{}'",
    );
    await database.admin.query(
      "insert into rls_sections (collection_id, document_id, section, title, heading, body, slug, updated_at, readers) select collection_id, document_id, section, title, heading, body, slug, updated_at, case document_id when 'key-rotation' then '{alice,bob}'::text[] when 'disk-full' then '{bob}'::text[] else '{carol}'::text[] end from search_docs_sections",
    );
    await database.admin.query("alter table rls_sections enable row level security");
    // '' after a transaction-local set_config commits: the policy reads it as "no caller".
    await database.admin.query(
      `create policy caller_reads on rls_sections for select to ${appRole}
       using (nullif(current_setting('search_docs.caller_token', true), '') = any (readers))`,
    );
    await database.admin.query(`grant select on rls_sections to ${appRole}`);
    const backend = postgresBackend({ pool, table: "rls_sections" });
    const seen = async (token: string) => {
      const outcome = await backend.searchPage(
        {
          collectionId: "runbooks",
          query: "rotate key logs",
          pageSize: 20,
          continuation: undefined,
        },
        testAttempt({ caller: { token } }),
      );
      return outcome.kind === "page"
        ? [...new Set(outcome.hits.map((hit) => hit.documentId))].sort()
        : outcome.kind;
    };
    expect(await seen("alice")).toEqual(["key-rotation"]);
    expect(await seen("bob")).toEqual(["disk-full", "key-rotation"]);
    expect(await seen("carol")).toBe("no_match");
    // The token never outlives its transaction: a bare query on the same pool sees no caller.
    const after = await pool.query(
      "select current_setting('search_docs.caller_token', true) as token",
    );
    expect(after.rows[0].token ?? "").toBe("");
    // A hidden document reads as not_found (the README says so): telling it from no_access is the app's policy check.
    expect(
      await backend.getDocument(
        { collectionId: "runbooks", documentId: "disk-full" },
        testAttempt({ caller: { token: "alice" } }),
      ),
    ).toEqual({ kind: "not_found" });
    expect(
      await backend.getDocument(
        { collectionId: "runbooks", documentId: "disk-full" },
        testAttempt({ caller: { headers: { Authorization: "Bearer bob" } } }),
      ),
    ).toMatchObject({ kind: "document" });
  });

  it("Supabase-style claims through prepareAttempt", async () => {
    await database.admin.query(
      "create table claims_sections (like search_docs_sections including all)",
    );
    await database.admin.query(
      "insert into claims_sections (collection_id, document_id, section, title, heading, body, slug, updated_at) select collection_id, document_id, section, title, heading, body, slug, updated_at from search_docs_sections",
    );
    await database.admin.query("alter table claims_sections enable row level security");
    await database.admin.query(
      `create policy claims_read on claims_sections for select to ${appRole}
       using (collection_id = any (string_to_array(nullif(current_setting('request.jwt.claims', true), '')::json ->> 'areas', ',')))`,
    );
    await database.admin.query(`grant select on claims_sections to ${appRole}`);
    const claimsOf: Record<string, string> = { alice: "runbooks", carol: "guides" };
    const backend = postgresBackend({
      pool,
      table: "claims_sections",
      prepareAttempt: async (client, caller) => {
        const token = "token" in caller ? caller.token : "";
        await client.query("select set_config('request.jwt.claims', $1, true)", [
          JSON.stringify({ sub: token, areas: claimsOf[token] ?? "" }),
        ]);
      },
    });
    const search = (token: string, collectionId: string) =>
      backend.searchPage(
        { collectionId, query: "install key", pageSize: 20, continuation: undefined },
        testAttempt({ caller: { token } }),
      );
    expect((await search("alice", "runbooks")).kind).toBe("page");
    expect(await search("alice", "guides")).toEqual({ kind: "no_match" });
    expect((await search("carol", "guides")).kind).toBe("page");
  });
});
