import type pg from "pg";
import { afterAll, it } from "vitest";
import {
  describeWithPostgres,
  startTestDatabase,
  type TestDatabase,
} from "../__fixtures__/postgres-for-tests.js";
import { backendContract, type ContractDocument } from "../testing/backend-contract.js";
import { loadSections } from "./load-sections.js";
import { postgresBackend } from "./postgres-backend.js";

// The conformance suite every backend runs, against a real server. No `missingCollectionId`:
// an area maps to a collection_id value, and a value no row holds reads as an empty collection
// (with row-level security, a caller who may read none of its rows sees the same) — a wrong
// table or column is the misconfiguration Postgres can tell, tested in postgres-backend.test.ts.

describeWithPostgres("postgresBackend passes backendContract", () => {
  let database: Promise<TestDatabase> | undefined;
  const ready = (documents: readonly ContractDocument[]) => {
    database ??= (async () => {
      const started = await startTestDatabase();
      await loadSections(
        started.admin,
        documents.flatMap((document) =>
          document.sections.map((section, index) => ({
            collectionId: "contract",
            documentId: document.key,
            section: index + 1,
            title: document.title,
            heading: section.heading,
            body: section.body,
            slug: document.slug,
            updatedAt: document.updated,
          })),
        ),
      );
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
      backend: postgresBackend({ pool }),
      collectionId: "contract",
      caller: { token: "contract-caller-token" },
    };
  })) {
    it(check.name, check.run, 30_000);
  }
});
