import { hashedEmbedding } from "@search-docs/test-servers";
import { afterAll, it } from "vitest";
import { type PgliteDatabase, startPgliteDatabase } from "../__fixtures__/pglite-for-tests.js";
import { backendContract, type ContractDocument } from "../testing/backend-contract.js";
import { loadSections } from "./load-sections.js";
import { postgresBackend } from "./postgres-backend.js";

// The conformance suite over a hybrid semantic stage, on real pgvector (PGlite): each section's
// embedding is the deterministic hashed bag of words of its text, the query's the same. All but
// one check: with a vector side every section has a nearest rank, so words no document holds
// still answer a page, never no_match (postgres-semantic-search.test.ts asserts that instead).
const notForVectors = "answers no_match when no document holds the words";

const dimensions = 16;

let database: Promise<PgliteDatabase> | undefined;
const ready = (documents: readonly ContractDocument[]) => {
  database ??= (async () => {
    const started = await startPgliteDatabase();
    const sections = documents.flatMap((document) =>
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
    );
    await loadSections(started.pool, sections);
    await started.db.exec(
      `alter table search_docs_sections add column embedding vector(${dimensions})`,
    );
    for (const section of sections) {
      const vector = hashedEmbedding(
        `${section.title} ${section.heading} ${section.body}`,
        dimensions,
      );
      await started.db.query(
        "update search_docs_sections set embedding = $1::vector where document_id = $2 and section = $3",
        [`[${vector.join(",")}]`, section.documentId, section.section],
      );
    }
    return started;
  })();
  return database;
};
afterAll(async () => {
  await (await database)?.close();
});

for (const check of backendContract(async (documents) => {
  const { pool } = await ready(documents);
  return {
    backend: postgresBackend({
      pool,
      semantic: {
        column: "embedding",
        embed: async (text) => hashedEmbedding(text, dimensions),
        dimensions,
      },
    }),
    collectionId: "contract",
    caller: { token: "contract-caller-token" },
  };
})) {
  if (check.name === notForVectors) continue;
  it(check.name, check.run, 30_000);
}
