import type pg from "pg";
import { afterAll, beforeAll, expect, it } from "vitest";
import {
  describeWithPostgres,
  startTestDatabase,
  type TestDatabase,
  testAttempt,
} from "../__fixtures__/postgres-for-tests.js";
import { loadSections, type SectionRecord } from "./load-sections.js";
import { postgresBackend } from "./postgres-backend.js";
import { resolvePostgresLayout } from "./postgres-layout.js";
import { postgresQueries } from "./postgres-queries.js";
import { splitExclusions } from "./split-exclusions.js";

// Enough rows over enough collections that the planner has a choice: a scan of the collection's
// rows, or the GIN index. Words are drawn from a fixed vocabulary by a fixed rule (no randomness).
const vocabulary =
  "pod node volume claim disk network interface latency replica leader election quota token key rotate vault certificate ingress service endpoint".split(
    " ",
  );
const filler: SectionRecord[] = Array.from({ length: 4000 }, (_, index) => ({
  collectionId: `collection-${index % 8}`,
  documentId: `document-${Math.floor(index / 4)}`,
  section: (index % 4) + 1,
  title: `Runbook ${vocabulary[index % vocabulary.length]} ${index}`,
  heading: `Step ${vocabulary[(index * 7) % vocabulary.length]}`,
  body: Array.from(
    { length: 30 },
    (_, word) => vocabulary[(index * 31 + word * 17) % vocabulary.length],
  ).join(" "),
}));

// In one collection: "pod" and "restarts" in every section but one, "readinessprobe" in that one.
// BM25 weighs the rare word over both common ones; counted alike (ts_rank), two words beat one.
const idfCase: SectionRecord[] = [
  ...Array.from({ length: 30 }, (_, index) => ({
    collectionId: "idf",
    documentId: `pods-${index}`,
    section: 1,
    title: "Pods",
    heading: "Pod pod pod",
    body: "The pod restarts; check the pod, then the pod's events and the pod log.",
  })),
  {
    collectionId: "idf",
    documentId: "probe",
    section: 1,
    title: "Readiness",
    heading: "Probes",
    body: "A failing readinessProbe keeps it out of the endpoints until it answers again.",
  },
];

describeWithPostgres("the search statement on a real PostgreSQL", () => {
  let database: TestDatabase;
  let pool: pg.Pool;

  beforeAll(async () => {
    database = await startTestDatabase();
    await loadSections(database.admin, [...filler, ...idfCase]);
    await database.admin.query("vacuum analyze search_docs_sections");
    pool = database.appPool();
  }, 60_000);
  afterAll(async () => {
    await database?.close();
  });

  it("finds the matching sections through the GIN index, in one statement", async () => {
    const { search } = postgresQueries(resolvePostgresLayout(), "any");
    const query = "rotate the vault key after a leader election";
    const { included, excluded } = splitExclusions(query);
    const plan = await pool.query(`explain (format json) ${search}`, [
      "english",
      query,
      included,
      excluded,
      "collection-3",
      21,
      0,
      false,
    ]);
    const text = JSON.stringify(plan.rows[0]["QUERY PLAN"]);
    expect(text).toContain('"Index Name":"search_docs_sections_search_vector_idx"');
    expect(text).toMatch(/"Node Type":"Bitmap Index Scan"/);
    expect(search.split(";").length).toBe(1);
  });

  it("weighs a rare word above a common one (BM25's document frequency)", async () => {
    const backend = postgresBackend({ pool });
    const outcome = await backend.searchPage(
      {
        collectionId: "idf",
        query: "pod restarts readinessprobe",
        pageSize: 5,
        continuation: undefined,
      },
      testAttempt(),
    );
    expect(outcome.kind).toBe("page");
    if (outcome.kind !== "page") return;
    expect(outcome.hits[0]?.documentId).toBe("probe");
    const scores = outcome.hits.map((hit) => hit.score);
    expect([...scores].sort((left, right) => right - left)).toEqual(scores);
  });

  it("ranks with the app's parameters, and refuses ones out of range", async () => {
    const titleOnly = postgresBackend({
      pool,
      ranking: { weights: { title: 1, heading: 0, body: 0, other: 0 } },
    });
    const outcome = await titleOnly.searchPage(
      { collectionId: "idf", query: "probes readiness", pageSize: 5, continuation: undefined },
      testAttempt(),
    );
    expect(outcome.kind).toBe("page");
    if (outcome.kind === "page") expect(outcome.hits[0]?.documentId).toBe("probe");
    expect(() => postgresBackend({ pool, ranking: { b: 2 } })).toThrow(/ranking\.b/);
    expect(() => postgresBackend({ pool, ranking: { k1: Number.NaN } })).toThrow(/ranking\.k1/);
  });
});
