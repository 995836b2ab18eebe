// `node bench/src/quality-bench.ts [--sets dev,shared-corpus] [--backends folder,postgres,memory,v2] [--rounds 3] [--out results/quality.json] [--baseline <another build's dist>]`
//
// Issue 31: the same corpus and the same questions through createDocsSearch on every backend that
// runs here, side by side in one run — the folder (SQLite FTS5, the corpus written as Markdown),
// PostgreSQL (a throwaway server this script starts, as postgres-bench.ts does), memory
// (`/testing`'s BM25) and v2 (the fake docs service in a child process, no simulated latency).
// Each set's corpus is split into the same collections for all four (the fake service's hash).
// Per backend: recall@8, MRR@8, section recall@8 (by kind too), search requests per searched
// collection, and wall time per call (p50, p95), the arms interleaved and rotated per query so
// none always goes first. With --baseline, another build's PostgreSQL and memory backends, and v2
// with its default reranker, run as three more arms ("postgres (before)", ...) on the same servers
// and collections, and the report holds the plan of this build's PostgreSQL search statement (postgres-plan.ts).
// `node bench/src/render-quality-tables.ts` writes docs/performance.md's tables from the JSON.
// A benchmark that reports figures, not a test.

import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { parseArgs } from "node:util";
import {
  createDocsSearch,
  defaultRetryBudgetOptions,
  MemoryRefStore,
  type Reranker,
  RetryBudget,
  type SearchBackend,
} from "@search-docs/core";
import { folderBackend, indexFolder } from "@search-docs/core/folder";
import {
  loadSections,
  postgresBackend,
  postgresSchemaSql,
  sectionsOfDocument,
} from "@search-docs/core/postgres";
import { type CorpusDocument, collectionIdFor, memoryBackend } from "@search-docs/core/testing";
import { percentile } from "@search-docs/measure";
import { startPostgresServer } from "@search-docs/test-servers";
import pg from "pg";
import { type BaselineBackends, loadBaselineBackends } from "./baseline-backends.ts";
import { availableSets, type BenchSet } from "./bench-sets.ts";
import { corpusMarkdown } from "./corpus-markdown.ts";
import type { ResultTarget } from "./gold-metrics.ts";
import { loadBenchCorpus } from "./load-bench-corpus.ts";
import { loadQueries } from "./load-queries.ts";
import { explainStatement, recordingPool } from "./postgres-plan.ts";
import { type AnsweredQuery, type AnswerScores, scoreAnswers } from "./score-answers.ts";
import { startServiceProcess } from "./service-process.ts";

export const qualityBackends = ["folder", "postgres", "memory", "v2"] as const;
export type QualityBackend = (typeof qualityBackends)[number];

/** One backend's figures on one set. */
export interface QualityRow {
  /** The backend, "(before)" after it for the --baseline build's. */
  backend: string;
  scores: AnswerScores;
  /** Search requests per (call, searched collection), mean. */
  pagesPerCollection: number;
  p50Ms: number;
  p95Ms: number;
  statuses: Record<string, number>;
  /** Per question: the 1-based rank of its first gold document in the answer, 0 when missing. */
  ranks: Record<string, number>;
}

export interface QualityReport {
  sets: Record<string, { description: string; rows: QualityRow[]; postgresPlan?: string }>;
  rounds: number;
  loadAverage: number[];
  /** The --baseline build's dist folder, as given. */
  baseline?: string;
  date: string;
}

const { values: flags } = parseArgs({
  options: {
    sets: { type: "string", default: "dev,shared-corpus" },
    backends: { type: "string", default: qualityBackends.join(",") },
    rounds: { type: "string", default: "3" },
    out: { type: "string" },
    baseline: { type: "string" },
    // JSON of postgresBackend's `ranking` / memoryBackend's `ranking` (tuning on dev only).
    "postgres-ranking": { type: "string", default: "{}" },
    "memory-options": { type: "string", default: "{}" },
  },
});
const rounds = Number(flags.rounds);
const wantedSets = new Set(flags.sets.split(","));
const wantedBackends = flags.backends.split(",") as QualityBackend[];
for (const name of wantedBackends) {
  if (!qualityBackends.includes(name)) throw new Error(`unknown backend ${name}`);
}
const started = performance.now();
const progress = (message: string) =>
  process.stderr.write(
    `[quality-bench ${((performance.now() - started) / 1000).toFixed(0)}s] ${message}\n`,
  );

/** One arm: a question in, the targets it answered (0-based sections, as the sets count) out. */
type Arm = (input: { query: string; area?: string }) => Promise<{
  status: string;
  targets: ResultTarget[];
  searchRequests: number;
  searchedCollections: number;
}>;

const caller = { token: "bench-reader" };
const work = mkdtempSync(join(tmpdir(), "search-docs-quality-bench-"));
const cleanups: (() => Promise<void>)[] = [];
const report: QualityReport = {
  sets: {},
  rounds,
  loadAverage: loadavg(),
  ...(flags.baseline === undefined ? {} : { baseline: flags.baseline }),
  date: new Date().toISOString(),
};
const baseline =
  flags.baseline === undefined ? undefined : await loadBaselineBackends(flags.baseline);
try {
  for (const set of availableSets().filter((candidate) => wantedSets.has(candidate.name))) {
    report.sets[set.name] = { description: set.description, ...(await runSet(set)) };
  }
} finally {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
  rmSync(work, { recursive: true, force: true });
}

const text = `${JSON.stringify(report, null, 2)}\n`;
if (flags.out !== undefined) {
  mkdirSync(dirname(flags.out), { recursive: true });
  writeFileSync(flags.out, text);
}
for (const [name, { rows }] of Object.entries(report.sets)) {
  process.stdout.write(
    `\n${name}\n| backend | recall@8 | MRR@8 | section recall@8 | pages/collection | p50 ms | p95 ms |\n|---|--:|--:|--:|--:|--:|--:|\n`,
  );
  for (const row of rows) {
    process.stdout.write(
      `| ${row.backend} | ${row.scores.recallAt8.toFixed(3)} | ${row.scores.mrrAt8.toFixed(3)} | ${row.scores.sectionRecallAt8.toFixed(3)} | ${row.pagesPerCollection.toFixed(2)} | ${row.p50Ms.toFixed(2)} | ${row.p95Ms.toFixed(2)} |\n`,
    );
  }
}

async function runSet(set: BenchSet): Promise<{ rows: QualityRow[]; postgresPlan?: string }> {
  const corpus = loadBenchCorpus(set.corpus);
  const queries = loadQueries(set.queries, corpus);
  const documents = [...corpus.values()];
  const collectionOf = (document: CorpusDocument) =>
    collectionIdFor(
      document.area,
      createHash("sha1").update(document.id).digest().readUInt32BE(0) % set.collectionsPerArea,
    );
  const areas: Record<string, string[]> = {};
  const byCollection = new Map<string, CorpusDocument[]>();
  for (const document of documents) {
    const collectionId = collectionOf(document);
    const ids = areas[document.area] ?? [];
    if (!ids.includes(collectionId)) ids.push(collectionId);
    areas[document.area] = ids;
    byCollection.set(collectionId, [...(byCollection.get(collectionId) ?? []), document]);
  }
  for (const ids of Object.values(areas)) ids.sort();
  progress(`${set.name}: ${documents.length} documents, ${byCollection.size} collections`);

  const arms = new Map<string, Arm>();
  const postgres: PostgresHandles = {};
  for (const backend of wantedBackends) {
    arms.set(backend, await armFor(backend, set, areas, byCollection, postgres));
    if (baseline !== undefined && backend !== "folder") {
      arms.set(
        `${backend} (before)`,
        await armFor(backend, set, areas, byCollection, postgres, baseline),
      );
    }
  }
  let postgresPlan: string | undefined;
  const first = queries[0];
  if (postgres.recorded !== undefined && postgres.admin !== undefined && first !== undefined) {
    // One question through this build's arm, its last search statement explained.
    await (arms.get("postgres") as Arm)(
      first.area === undefined ? { query: first.query } : { query: first.query, area: first.area },
    );
    const statement = postgres.recorded.last();
    if (statement !== undefined) {
      postgresPlan = `-- ${JSON.stringify(first.query)}\n${await explainStatement(postgres.admin, statement)}`;
    }
  }
  const names = [...arms.keys()];
  const answers = new Map(names.map((name) => [name, [] as AnsweredQuery[]]));
  const pages = new Map(names.map((name) => [name, [] as number[]]));
  const timings = new Map(names.map((name) => [name, [] as number[]]));
  const statuses = new Map(names.map((name) => [name, {} as Record<string, number>]));
  for (let round = 0; round < rounds; round++) {
    for (const [index, query] of queries.entries()) {
      const input =
        query.area === undefined
          ? { query: query.query }
          : { query: query.query, area: query.area };
      for (let step = 0; step < names.length; step++) {
        const name = names[(index + round + step) % names.length] as string;
        const at = performance.now();
        const answer = await (arms.get(name) as Arm)(input);
        timings.get(name)?.push(performance.now() - at);
        if (round > 0) continue;
        answers.get(name)?.push({ query, targets: answer.targets, status: answer.status });
        pages.get(name)?.push(answer.searchRequests / Math.max(1, answer.searchedCollections));
        const counts = statuses.get(name) as Record<string, number>;
        counts[answer.status] = (counts[answer.status] ?? 0) + 1;
      }
    }
    progress(`${set.name}: round ${round + 1} of ${rounds}`);
  }
  const rows = names.map((name) => {
    const perCall = pages.get(name) ?? [];
    const took = timings.get(name) ?? [];
    return {
      backend: name,
      scores: scoreAnswers(answers.get(name) ?? []),
      pagesPerCollection: perCall.reduce((total, value) => total + value, 0) / perCall.length,
      p50Ms: percentile(took, 50),
      p95Ms: percentile(took, 95),
      statuses: statuses.get(name) ?? {},
      ranks: Object.fromEntries(
        (answers.get(name) ?? []).map(({ query, targets }) => [
          query.id,
          targets.findIndex((target) => query.gold.some((gold) => gold.docId === target.docId)) + 1,
        ]),
      ),
    };
  });
  return postgresPlan === undefined ? { rows } : { rows, postgresPlan };
}

/** The set's PostgreSQL server, shared by this build's arm and the baseline's. */
interface PostgresHandles {
  url?: string;
  admin?: pg.Pool;
  recorded?: ReturnType<typeof recordingPool>;
}

async function armFor(
  name: QualityBackend,
  set: BenchSet,
  areas: Record<string, string[]>,
  byCollection: ReadonlyMap<string, readonly CorpusDocument[]>,
  postgres: PostgresHandles,
  build?: BaselineBackends,
): Promise<Arm> {
  const memoryBackendOf = build?.memoryBackend ?? memoryBackend;
  const postgresBackendOf = build?.postgresBackend ?? postgresBackend;
  if (name === "v2") {
    const service = await startServiceProcess({
      ...(set.corpus === undefined ? {} : { corpus: set.corpus }),
      collectionsPerArea: set.collectionsPerArea,
      seed: 1,
    });
    cleanups.push(() => service.close());
    const headers = { authorization: `Bearer ${service.tokens.everything}` };
    // The fake service numbers sections from 0, as the sets do. Before: the build's reranker.
    const reranker = build === undefined ? {} : { reranker: new build.UpstreamFusionReranker() };
    return toolArm({ baseUrl: service.url, ...reranker }, service.areas, { headers }, 0);
  }
  if (name === "memory") {
    const collections = Object.fromEntries(
      [...byCollection].map(([collectionId, documents]) => [
        collectionId,
        documents.map((document) => ({
          id: document.id,
          title: document.title,
          slug: document.slug,
          updated: document.updated,
          sections: document.sections.map((section) => ({
            heading: section.heading,
            body: section.text,
          })),
        })),
      ]),
    );
    return toolArm(
      { backend: memoryBackendOf({ collections, ...JSON.parse(flags["memory-options"]) }) },
      areas,
      caller,
      1,
    );
  }
  if (name === "folder") {
    const root = join(work, `${set.name}-folder`);
    const documentIdOf = new Map<string, string>();
    for (const [collectionId, documents] of byCollection) {
      mkdirSync(join(root, collectionId), { recursive: true });
      for (const document of documents) {
        const file = `${document.slug}-${document.id}.md`;
        documentIdOf.set(`${collectionId}/${file}`, document.id);
        writeFileSync(join(root, collectionId, file), corpusMarkdown(document));
      }
    }
    const indexPath = join(work, `${set.name}-folder.sqlite`);
    await indexFolder({ root, indexPath });
    const backend = folderBackend({ root, indexPath, autoIndex: false });
    cleanups.push(async () => backend.close());
    return toolArm({ backend }, areas, { token: "local" }, 1, (collectionId, documentId) =>
      documentIdOf.get(`${collectionId}/${documentId}`),
    );
  }
  if (postgres.url === undefined) {
    const server = await startPostgresServer({ maxConnections: 40 });
    cleanups.push(() => server.destroy());
    const admin = new pg.Pool({ connectionString: server.url, max: 2 });
    admin.on("error", () => {});
    cleanups.push(() => admin.end());
    await admin.query(postgresSchemaSql());
    await loadSections(
      admin,
      [...byCollection].flatMap(([collectionId, documents]) =>
        documents.flatMap((document) => sectionsOfDocument(document, collectionId)),
      ),
    );
    await admin.query("vacuum analyze search_docs_sections");
    postgres.url = server.url;
    postgres.admin = admin;
  }
  const pool = new pg.Pool({ connectionString: postgres.url, max: 10 });
  pool.on("error", () => {});
  cleanups.push(() => pool.end());
  if (build === undefined) postgres.recorded = recordingPool(pool);
  return toolArm(
    {
      backend: postgresBackendOf({
        pool:
          build === undefined ? (postgres.recorded as ReturnType<typeof recordingPool>).pool : pool,
        ranking: JSON.parse(flags["postgres-ranking"]),
      }),
    },
    areas,
    caller,
    1,
  );
}

/** An arm over createDocsSearch: its results mapped back to corpus documents through its refs. */
function toolArm(
  source: { baseUrl: string; reranker?: Reranker } | { backend: SearchBackend },
  areas: Record<string, string[]>,
  callerOfArm: { token: string } | { headers: Record<string, string> },
  firstSection: 0 | 1,
  corpusIdOf: (collectionId: string, documentId: string) => string | undefined = (
    _collection,
    documentId,
  ) => documentId,
): Arm {
  const refStore = new MemoryRefStore({ maxEntries: 1_000_000 });
  const docs = createDocsSearch({
    ...source,
    areas,
    refStore,
    retryBudget: new RetryBudget(defaultRetryBudgetOptions),
  } as Parameters<typeof createDocsSearch>[0]);
  return async (input) => {
    const { output, trace } = await docs.search(input, { caller: callerOfArm });
    const targets: ResultTarget[] = [];
    for (const result of output.results) {
      const target = await refStore.get(result.ref);
      targets.push({
        docId:
          target === undefined
            ? `unresolved:${result.ref}`
            : (corpusIdOf(target.collectionId, target.documentId) ??
              `unknown:${target.documentId}`),
        section: target?.section === undefined ? undefined : Number(target.section) - firstSection,
      });
    }
    const searched =
      input.area === undefined ? Object.values(areas).flat() : (areas[input.area] ?? []);
    return {
      status: output.status,
      targets,
      searchRequests: trace.requests.filter((request) => request.kind === "search").length,
      searchedCollections: searched.length,
    };
  };
}
