import type pg from "pg";
import { afterAll, it } from "vitest";
import {
  appRole,
  describeWithPostgres,
  startTestDatabase,
  type TestDatabase,
} from "../__fixtures__/postgres-for-tests.js";
import { backendContract, type ContractDocument } from "../testing/backend-contract.js";
import { postgresBackend } from "./postgres-backend.js";
import { postgresPageIndexSql } from "./postgres-page-index-sql.js";

// The conformance suite every backend runs, over an app's page table (`rows: "pages"`): each
// contract document is one row, its sections `## ` headings in a Markdown body, so the sections
// the backend derives are the contract's, in order and numbered alike.

describeWithPostgres(
  'postgresBackend over a page table (rows: "pages") passes backendContract',
  () => {
    let database: Promise<TestDatabase> | undefined;
    const ready = (documents: readonly ContractDocument[]) => {
      database ??= (async () => {
        const started = await startTestDatabase();
        await started.admin.query(
          "create table pages (id text primary key, title text not null, body text not null, slug text, updated_at timestamptz)",
        );
        for (const document of documents) {
          await started.admin.query("insert into pages values ($1, $2, $3, $4, $5)", [
            document.key,
            document.title,
            document.sections
              .map((section) => `## ${section.heading}\n\n${section.body}`)
              .join("\n\n"),
            document.slug,
            document.updated,
          ]);
        }
        await started.admin.query(postgresPageIndexSql({ table: "pages" }));
        await started.admin.query(`grant select on pages to ${appRole}`);
        return started;
      })();
      return database;
    };
    afterAll(async () => {
      await (await database)?.close();
    });

    let pool: pg.Pool | undefined;
    for (const check of backendContract(async (documents) => {
      const started = await ready(documents);
      pool ??= started.appPool({ max: 4 });
      return {
        backend: postgresBackend({
          pool,
          table: "pages",
          rows: "pages",
          pageColumns: { url: null, slug: "slug" },
          collectionId: "contract",
        }),
        collectionId: "contract",
        caller: { token: "contract-caller-token" },
        pageRecords: true,
      };
    })) {
      it(check.name, check.run, 30_000);
    }
  },
);
