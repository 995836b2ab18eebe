// `node bench/src/postgres-bench.ts [--rounds 3] [--deadline-ms 1000] [--out results/postgres.json]`
//
// The PostgreSQL backend (issue 21) on the shared corpus, loaded into the default layout of a
// throwaway cluster this script starts (Debian's postgresql; as root, run as the postgres user):
//   1. answers: recall@8 / MRR@8 on ../shared/queries/dev-queries.jsonl through
//      createDocsSearch({ backend: postgresBackend({ pool }) }), beside the v2 fake service's
//      (BM25) through createDocsSearch({ baseUrl }), the same collections (2 per area);
//   2. wall time per call through createDocsSearch against the same SQL run directly through pg
//      (the statements the tool sent for that question, recorded in pass 1, replayed with their
//      values: collections side by side, pages one after another), interleaved, median;
//   3. faults: each real fault through createDocsSearch with a short deadline — its status, its
//      wall time against the deadline + 50 ms, and the statements left running in pg_stat_activity.
// A benchmark that reports figures, not a test.

import { createHash } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import {
  createDocsSearch,
  defaultRetryBudgetOptions,
  MemoryRefStore,
  RetryBudget,
} from "@search-docs/core";
import {
  loadSections,
  type PostgresPool,
  postgresBackend,
  postgresSchemaSql,
  sectionsOfDocument,
} from "@search-docs/core/postgres";
import { collectionIdFor, loadCorpus } from "@search-docs/core/testing";
import { percentile } from "@search-docs/measure";
import { startPostgresServer } from "@search-docs/test-servers";
import pg from "pg";
import { createDocsSearchArm } from "./docs-search-arm.ts";
import { type BenchQuery, loadQueries } from "./load-queries.ts";
import { type AnsweredQuery, scoreAnswers } from "./score-answers.ts";
import { startServiceProcess } from "./service-process.ts";

const { values: flags } = parseArgs({
  options: {
    rounds: { type: "string", default: "3" },
    "deadline-ms": { type: "string", default: "1000" },
    out: { type: "string" },
  },
});
const rounds = Number(flags.rounds);
const deadlineMs = Number(flags["deadline-ms"]);
const shared = (path: string) => fileURLToPath(new URL(`../../../shared/${path}`, import.meta.url));
const corpusPath = shared("corpus/docs.jsonl");
const queriesPath = shared("queries/dev-queries.jsonl");
const collectionsPerArea = 2;
const started = performance.now();
const progress = (message: string) =>
  process.stderr.write(
    `[postgres-bench ${((performance.now() - started) / 1000).toFixed(0)}s] ${message}\n`,
  );

const documents = loadCorpus(corpusPath);
const corpus = new Map(documents.map((document) => [document.id, document]));
const queries = loadQueries(queriesPath, corpus);

// The fake service's split (build-collections.ts): a document's collection is a hash of its id.
const collectionOf = (document: { id: string; area: string }) =>
  collectionIdFor(
    document.area,
    createHash("sha1").update(document.id).digest().readUInt32BE(0) % collectionsPerArea,
  );

const server = await startPostgresServer({ maxConnections: 40 });
const admin = new pg.Pool({ connectionString: server.url, max: 4 });
admin.on("error", () => {});
const appRole = "search_app";
const appPassword = "bench-password";
const appUrl = `postgres://${appRole}:${appPassword}@${server.host}:${server.port}/${server.database}`;
const pools: pg.Pool[] = [];
const appPool = (options: pg.PoolConfig = {}) => {
  const pool = new pg.Pool({ connectionString: appUrl, max: 10, ...options });
  pools.push(pool);
  return pool;
};
const service = await startServiceProcess({ corpus: corpusPath, collectionsPerArea, seed: 1 });

/** Statements running or waiting for the app's role, other than idle ones. */
async function busyStatements(): Promise<number> {
  const result = await admin.query(
    "select count(*)::int as busy from pg_stat_activity where usename = $1 and state <> 'idle' and backend_type = 'client backend'",
    [appRole],
  );
  return result.rows[0].busy;
}

function toolFor(pool: PostgresPool, options: { table?: string; deadlineMs?: number } = {}) {
  const refStore = new MemoryRefStore({ maxEntries: 1_000_000 });
  const docs = createDocsSearch({
    backend: postgresBackend({ pool, ...(options.table ? { table: options.table } : {}) }),
    areas: service.areas,
    refStore,
    retryBudget: new RetryBudget(defaultRetryBudgetOptions),
    ...(options.deadlineMs ? { limits: { deadlineMs: options.deadlineMs } } : {}),
  });
  return { docs, refStore };
}

const caller = { token: "bench-reader" };
const report: Record<string, unknown> = {};
try {
  progress(`loading ${documents.length} documents into the default layout`);
  await admin.query(`create role ${appRole} login password '${appPassword}'`);
  await admin.query(postgresSchemaSql());
  await admin.query(`grant select on search_docs_sections to ${appRole}`);
  const loadStarted = performance.now();
  const rows = await loadSections(
    admin,
    documents.flatMap((document) => sectionsOfDocument(document, collectionOf(document))),
  );
  await admin.query("vacuum analyze search_docs_sections");
  report.load = {
    documents: documents.length,
    sections: rows,
    ms: Math.round(performance.now() - loadStarted),
  };
  progress(`loaded ${rows} sections in ${Math.round(performance.now() - loadStarted)} ms`);

  // 1. Answers, recording the statements each question sent.
  const pool = appPool();
  const recorded = new Map<string, { text: string; values: unknown[] }[]>();
  let recording: { text: string; values: unknown[] }[] = [];
  const recordingPool: PostgresPool = {
    connect: async () => {
      const client = await pool.connect();
      return new Proxy(client, {
        get(target, property) {
          if (property === "query") {
            return (text: string, values?: unknown[]) => {
              if (text.startsWith("with input")) recording.push({ text, values: values ?? [] });
              return target.query(text, values);
            };
          }
          const value = Reflect.get(target, property);
          return typeof value === "function" ? value.bind(target) : value;
        },
      });
    },
    on: (event, listener) => pool.on(event, listener),
    listenerCount: (event) => pool.listenerCount(event),
  };
  const answer = async (
    search: (input: {
      query: string;
      area?: string;
    }) => Promise<{ status: string; targets: AnsweredQuery["targets"] }>,
  ) => {
    const answers: AnsweredQuery[] = [];
    for (const query of queries) {
      const { status, targets } = await search(
        query.area === undefined
          ? { query: query.query }
          : { query: query.query, area: query.area },
      );
      answers.push({ query, targets, status });
    }
    return scoreAnswers(answers);
  };
  const recordingTool = toolFor(recordingPool);
  const targetsOf = async (refStore: MemoryRefStore, results: readonly { ref: string }[]) => {
    const targets = [];
    for (const result of results) {
      const target = await refStore.get(result.ref);
      targets.push({
        docId: target?.documentId ?? `unresolved:${result.ref}`,
        // Postgres sections are 1-based positions (DESIGN §2, Records); the set's golds are 0-based.
        section: target?.section === undefined ? undefined : Number(target.section) - 1,
      });
    }
    return targets;
  };
  const statuses: Record<string, number> = {};
  const postgresScores = await answer(async (input) => {
    recording = [];
    const { output } = await recordingTool.docs.search(input, { caller });
    recorded.set(JSON.stringify(input), recording);
    statuses[output.status] = (statuses[output.status] ?? 0) + 1;
    return {
      status: output.status,
      targets: await targetsOf(recordingTool.refStore, output.results),
    };
  });
  const v2 = createDocsSearchArm({
    baseUrl: service.url,
    areas: service.areas,
    headers: { authorization: `Bearer ${service.tokens.everything}` },
  });
  const v2Scores = await answer(async (input) => {
    const record = await v2(input);
    return { status: record.status, targets: record.targets };
  });
  const statementsPerCall = [...recorded.values()].map((statements) => statements.length);
  report.answers = {
    postgres: postgresScores,
    v2FakeService: v2Scores,
    postgresStatuses: statuses,
    searchStatementsPerCall: {
      mean: statementsPerCall.reduce((total, count) => total + count, 0) / statementsPerCall.length,
      max: Math.max(...statementsPerCall),
    },
  };
  progress(
    `answers: postgres recall@8 ${postgresScores.recallAt8.toFixed(3)} MRR@8 ${postgresScores.mrrAt8.toFixed(3)}; v2 fake ${v2Scores.recallAt8.toFixed(3)} / ${v2Scores.mrrAt8.toFixed(3)}`,
  );

  // 2. Wall time: the tool against the same statements run directly, interleaved, on a pool as
  // users make it and on one in pipeline mode (the transaction's prelude goes with the query).
  const pipelinedPool = appPool({ pipeline: true } as pg.PoolConfig);
  const arms = {
    tool: toolFor(pool),
    toolPipelined: toolFor(pipelinedPool),
  };
  const direct = async (input: { query: string; area?: string }) => {
    const byCollection = new Map<unknown, { text: string; values: unknown[] }[]>();
    for (const statement of recorded.get(JSON.stringify(input)) ?? []) {
      const collection = statement.values[4];
      byCollection.set(collection, [...(byCollection.get(collection) ?? []), statement]);
    }
    await Promise.all(
      [...byCollection.values()].map(async (statements) => {
        for (const statement of statements) await pool.query(statement.text, statement.values);
      }),
    );
  };
  const inputs = queries.map((query: BenchQuery) =>
    query.area === undefined ? { query: query.query } : { query: query.query, area: query.area },
  );
  for (const input of inputs.slice(0, 20)) {
    await arms.tool.docs.search(input, { caller });
    await arms.toolPipelined.docs.search(input, { caller });
    await direct(input);
  }
  const timings: Record<"tool" | "toolPipelined" | "direct", number[]> = {
    tool: [],
    toolPipelined: [],
    direct: [],
  };
  const ratios: Record<"tool" | "toolPipelined", number[]> = { tool: [], toolPipelined: [] };
  const order = ["tool", "toolPipelined", "direct"] as const;
  for (let round = 0; round < rounds; round++) {
    for (const [index, input] of inputs.entries()) {
      const took: Partial<Record<(typeof order)[number], number>> = {};
      // Rotate which goes first, so none always meets a cache another warmed.
      for (let step = 0; step < order.length; step++) {
        const arm = order[(index + round + step) % order.length] as (typeof order)[number];
        const at = performance.now();
        if (arm === "direct") await direct(input);
        else await arms[arm].docs.search(input, { caller });
        took[arm] = performance.now() - at;
      }
      for (const arm of order) timings[arm].push(took[arm] as number);
      ratios.tool.push((took.tool as number) / (took.direct as number));
      ratios.toolPipelined.push((took.toolPipelined as number) / (took.direct as number));
    }
  }
  const median = (values: number[]) => percentile(values, 50);
  report.wallTime = {
    calls: timings.direct.length,
    directMedianMs: median(timings.direct),
    toolMedianMs: median(timings.tool),
    toolRatioOfMedians: median(timings.tool) / median(timings.direct),
    toolMedianOfRatios: median(ratios.tool),
    toolPipelinedMedianMs: median(timings.toolPipelined),
    toolPipelinedRatioOfMedians: median(timings.toolPipelined) / median(timings.direct),
    toolPipelinedMedianOfRatios: median(ratios.toolPipelined),
    directP95Ms: percentile(timings.direct, 95),
    toolP95Ms: percentile(timings.tool, 95),
    toolPipelinedP95Ms: percentile(timings.toolPipelined, 95),
  };
  progress(`wall time: ${JSON.stringify(report.wallTime)}`);

  // 3. Faults through createDocsSearch, each with the deadline `deadlineMs`.
  const query = { query: "rotate the signing key", area: Object.keys(service.areas)[0] ?? "" };
  const faults: Record<string, unknown>[] = [];
  const runFault = async (
    name: string,
    expected: string,
    arrange: () => Promise<() => Promise<void>>,
    options: {
      table?: string;
      pool?: PostgresPool;
      caller?: { token: string };
      abortAfterMs?: number;
    } = {},
  ) => {
    const undo = await arrange();
    try {
      const tool = toolFor(options.pool ?? appPool({ max: 4 }), {
        deadlineMs,
        ...(options.table ? { table: options.table } : {}),
      });
      const controller = new AbortController();
      const timer =
        options.abortAfterMs === undefined
          ? undefined
          : setTimeout(() => controller.abort(), options.abortAfterMs);
      const at = performance.now();
      let status: string;
      try {
        const { output } = await tool.docs.search(query, {
          caller: options.caller ?? caller,
          signal: controller.signal,
        });
        status = output.status;
      } catch (error) {
        status = `threw ${(error as Error).name}`;
      }
      const wallMs = performance.now() - at;
      clearTimeout(timer);
      const returnedAt = performance.now();
      const busyAtOnce = await busyStatements().catch(() => Number.NaN);
      // Then how long until none of the app's statements runs, waits or holds a transaction.
      let busy = busyAtOnce;
      while (busy > 0 && performance.now() - returnedAt < 2_000) {
        await new Promise((resolve) => setTimeout(resolve, 5));
        busy = await busyStatements().catch(() => Number.NaN);
      }
      const clearedAfterMs = busy === 0 ? Math.round(performance.now() - returnedAt) : undefined;
      const row = {
        fault: name,
        expected,
        status,
        wallMs: Math.round(wallMs),
        limitMs: (options.abortAfterMs ?? deadlineMs) + 50,
        withinLimit: wallMs <= (options.abortAfterMs ?? deadlineMs) + 50,
        busyAtOnce,
        clearedAfterMs,
      };
      faults.push(row);
      progress(`fault ${name}: ${JSON.stringify(row)}`);
    } finally {
      await undo();
    }
  };
  const holdLock = async (table = "search_docs_sections") => {
    const locker = await admin.connect();
    locker.on("error", () => {});
    await locker.query("begin");
    await locker.query(`lock table ${table} in access exclusive mode`);
    return async () => {
      await locker.query("rollback").catch(() => {});
      locker.release();
    };
  };
  await runFault("rebuild lock (ACCESS EXCLUSIVE held)", "unavailable", () => holdLock());
  await runFault("caller abort at 300 ms during a lock wait", "the call ends", () => holdLock(), {
    abortAfterMs: 300,
  });
  await admin.query("create table slow_sections (like search_docs_sections including all)");
  await admin.query(
    "insert into slow_sections (collection_id, document_id, section, title, heading, body, slug, updated_at) select collection_id, document_id, section, title, heading, body, slug, updated_at from search_docs_sections",
  );
  await admin.query("alter table slow_sections enable row level security");
  await admin.query(
    `create policy slow_read on slow_sections for select to ${appRole} using (pg_sleep(0.01)::text = '')`,
  );
  await admin.query(`grant select on slow_sections to ${appRole}`);
  await runFault(
    "statement slower than the deadline (57014)",
    "unavailable",
    async () => async () => {},
    {
      table: "slow_sections",
    },
  );
  {
    const small = appPool({ max: 1 });
    await runFault(
      "pool exhausted (its only client held)",
      "unavailable",
      async () => {
        const held = await small.connect();
        return async () => held.release();
      },
      { pool: small },
    );
  }
  await runFault("max_connections exhausted (53300)", "unavailable", async () => {
    const holders: pg.Client[] = [];
    for (let index = 0; index < 60; index++) {
      const client = new pg.Client({ connectionString: appUrl });
      client.on("error", () => {});
      try {
        await client.connect();
        holders.push(client);
      } catch {
        break;
      }
    }
    return async () => {
      await Promise.allSettled(holders.map((client) => client.end()));
    };
  });
  await runFault("REVOKE SELECT from the app's role (42501)", "unavailable", async () => {
    await admin.query(`revoke select on search_docs_sections from ${appRole}`);
    return async () => {
      await admin.query(`grant select on search_docs_sections to ${appRole}`);
    };
  });
  await runFault("wrong table (42P01)", "unavailable", async () => async () => {}, {
    table: "no_such_table",
  });
  await admin.query("create table rls_sections (like search_docs_sections including all)");
  await admin.query(
    "insert into rls_sections (collection_id, document_id, section, title, heading, body, slug, updated_at) select collection_id, document_id, section, title, heading, body, slug, updated_at from search_docs_sections",
  );
  await admin.query("alter table rls_sections enable row level security");
  await admin.query(
    `create policy caller_reads on rls_sections for select to ${appRole} using (nullif(current_setting('search_docs.caller_token', true), '') = 'allowed')`,
  );
  await admin.query(`grant select on rls_sections to ${appRole}`);
  await runFault("row-level security hides every row", "no_matches", async () => async () => {}, {
    table: "rls_sections",
  });
  await runFault("wrong password (28P01)", "unavailable", async () => async () => {}, {
    pool: appPool({ connectionString: appUrl.replace(appPassword, "wrong"), max: 2 }),
  });
  await runFault("server stopped", "unavailable", async () => {
    await server.stop();
    return async () => {
      await server.start();
    };
  });
  report.faults = faults;
  report.deadlineMs = deadlineMs;
} finally {
  await Promise.allSettled(pools.map((pool) => pool.end()));
  await admin.end().catch(() => {});
  await server.destroy();
  await service.close();
}

const text = `${JSON.stringify(report, null, 2)}\n`;
if (flags.out !== undefined) {
  mkdirSync(dirname(flags.out), { recursive: true });
  writeFileSync(flags.out, text);
}
process.stdout.write(text);
