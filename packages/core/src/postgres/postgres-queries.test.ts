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

// The same section in a collection of its own and in a collection with five more rows: BM25's N
// and document frequency are the table's, so both score alike (per collection, N 1 against 6).
const twin = (collectionId: string): SectionRecord => ({
  collectionId,
  documentId: "twin",
  section: 1,
  title: "Alpha",
  heading: "Setup",
  body: "Calibration of the gauge before first use.",
});
const scaleCase: SectionRecord[] = [
  twin("scale-small"),
  twin("scale-large"),
  ...Array.from({ length: 5 }, (_, index) => ({
    collectionId: "scale-large",
    documentId: `other-${index}`,
    section: 1,
    title: "Other",
    heading: "Notes",
    body: "Nothing about that word here.",
  })),
];

/** The plan node of a CTE (`"Subplan Name": "CTE matched"`), searched through the whole plan. */
function cteNode(plan: unknown, name: string): unknown {
  if (typeof plan !== "object" || plan === null) return undefined;
  if ((plan as Record<string, unknown>)["Subplan Name"] === `CTE ${name}`) return plan;
  for (const value of Object.values(plan)) {
    const found = cteNode(value, name);
    if (found !== undefined) return found;
  }
  return undefined;
}

describeWithPostgres("the search statement on a real PostgreSQL", () => {
  let database: TestDatabase;
  let pool: pg.Pool;

  beforeAll(async () => {
    database = await startTestDatabase();
    await loadSections(database.admin, [...filler, ...idfCase, ...scaleCase]);
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
    // Both reads of the table go through the GIN index: the collection's matching sections, and
    // each query word's document frequency over the table.
    for (const name of ["matched", "terms"]) {
      const text = JSON.stringify(cteNode(plan.rows[0]["QUERY PLAN"], name));
      expect(text, name).toContain('"Index Name":"search_docs_sections_search_vector_idx"');
      expect(text, name).toMatch(/"Node Type":"Bitmap Index Scan"/);
      expect(text, name).not.toMatch(/"Node Type":"Seq Scan"/);
    }
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

  it("scores on one scale across collections: N and document frequency are the table's", async () => {
    const backend = postgresBackend({ pool });
    const scoreIn = async (collectionId: string) => {
      const outcome = await backend.searchPage(
        { collectionId, query: "calibration", pageSize: 5, continuation: undefined },
        testAttempt(),
      );
      return outcome.kind === "page" ? outcome.hits[0]?.score : outcome.kind;
    };
    const small = await scoreIn("scale-small");
    expect(typeof small).toBe("number");
    expect(await scoreIn("scale-large")).toBeCloseTo(small as number, 9);
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
