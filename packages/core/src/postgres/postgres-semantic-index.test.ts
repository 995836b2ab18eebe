import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type PgliteDatabase, startPgliteDatabase } from "../__fixtures__/pglite-for-tests.js";
import { testAttempt } from "../testing/test-attempt.js";
import { postgresBackend } from "./postgres-backend.js";
import { resolvePostgresLayout } from "./postgres-layout.js";
import { postgresQueries } from "./postgres-queries.js";
import { resolvePostgresSemantic } from "./postgres-semantic.js";
import { postgresSemanticQueries } from "./postgres-semantic-queries.js";

// Each statement's vector side is the shape pgvector's HNSW index serves (an ORDER BY distance
// with a LIMIT, the collection as a filter), and the dimension check does not get in its way: it
// is a one-time filter before the scan. 5,000 sections of 16 dimensions, 90% in `big`, under
// `using hnsw (embedding vector_cosine_ops)` (pgvector README, Indexing).

const dimensions = 16;
const vectorOf = (i: number) =>
  Array.from({ length: dimensions }, (_, d) => Math.sin(i * 7.3 + d + 1));

describe("the semantic statements and pgvector's HNSW index (PGlite)", () => {
  let database: PgliteDatabase;
  beforeAll(async () => {
    database = await startPgliteDatabase();
    await database.db.exec(`alter table search_docs_sections add column embedding vector(${dimensions});
      insert into search_docs_sections (collection_id, document_id, section, title, heading, body, embedding)
      select case when i % 10 = 0 then 'other' else 'big' end, 'doc-' || i, 1, 'Title ' || i, 'Heading',
        'body words ' || (i % 50),
        (select array_agg(sin(i * 7.3 + d))::real[] from generate_series(1, ${dimensions}) as d)::vector
      from generate_series(1, 5000) as i;
      create index sections_embedding_idx on search_docs_sections using hnsw (embedding vector_cosine_ops);
      analyze search_docs_sections;`);
  }, 120_000);
  afterAll(async () => {
    await database?.close();
  });

  const layout = resolvePostgresLayout();
  const semantic = resolvePostgresSemantic({ column: "embedding", embed: async () => [] }, layout);
  if (semantic === undefined) throw new Error("no semantic stage");
  const statements = postgresSemanticQueries(
    layout,
    semantic,
    postgresQueries(layout, "any").lexical,
  );
  const literal = `[${vectorOf(3).join(",")}]`;
  const plan = async (text: string, values: unknown[]) =>
    (await database.pool.query(`explain ${text}`, values)).rows
      .map((row) => String(row["QUERY PLAN"]))
      .join("\n");

  it("vector-only and hybrid scan the HNSW index, the collection a filter, the dimension check once", async () => {
    for (const explained of [
      await plan(statements.vector, ["big", literal, 21, 0, false]),
      await plan(statements.hybrid, [
        "english",
        "words",
        "words",
        "",
        "big",
        21,
        0,
        false,
        literal,
      ]),
    ]) {
      expect(explained).toContain("Index Scan using sections_embedding_idx");
      expect(explained).toMatch(
        /Filter: \(\(embedding IS NOT NULL\) AND \(collection_id = 'big'::text\)\)/,
      );
      expect(explained).toMatch(/One-Time Filter: \(\(InitPlan \d+\)\.col1 >= 0\)/);
    }
  });

  it("fills the page from the collection through the index, nearest first", async () => {
    const backend = postgresBackend({
      pool: database.pool,
      semantic: { column: "embedding", embed: async () => vectorOf(3), hybrid: false },
    });
    const outcome = await backend.searchPage(
      { collectionId: "big", query: "anything", pageSize: 20, continuation: undefined },
      testAttempt({ caller: { token: "t" } }),
    );
    if (outcome.kind !== "page") throw new Error(outcome.kind);
    expect(outcome.hits).toHaveLength(20);
    // doc-3's own vector (sines: a few other rows are near-copies of it, so it is among the first).
    expect(outcome.hits.slice(0, 5).map((hit) => hit.documentId)).toContain("doc-3");
    expect(outcome.hits[0]?.score).toBeCloseTo(1, 4);
    expect(outcome.hits.every((hit) => Number(hit.documentId.slice(4)) % 10 !== 0)).toBe(true);
  });
});
