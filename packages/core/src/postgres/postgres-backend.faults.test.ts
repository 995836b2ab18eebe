import { type AddressInfo, createServer, type Socket } from "node:net";
import pg from "pg";
import { afterAll, beforeAll, expect, it } from "vitest";
import {
  appRole,
  busyStatements,
  describeWithPostgres,
  eventually,
  startTestDatabase,
  type TestDatabase,
  testAttempt,
} from "../__fixtures__/postgres-for-tests.js";
import { loadSections } from "./load-sections.js";
import { postgresBackend } from "./postgres-backend.js";

// Real faults on a real server, none simulated: a lock held by another session, a slow policy,
// exhausted connection slots, an exhausted pool, an abort, and the server stopped mid-run.

// Past the time left, on a shared 2-core machine running other suites (the bench measures the
// 50 ms target on a quiet one).
// Generous: CI shares the machine; the bound still tells "ended at the time left" from "ran on".
const slackMs = 700;

const request = {
  collectionId: "runbooks",
  query: "rotate key",
  pageSize: 20,
  continuation: undefined,
};

describeWithPostgres("postgresBackend under real faults", () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await startTestDatabase({ maxConnections: 12 });
    await loadSections(
      database.admin,
      [1, 2, 3].map((section) => ({
        collectionId: "runbooks",
        documentId: "key-rotation",
        section,
        title: "Key rotation",
        heading: `Step ${section}`,
        body: "Rotate the signing key, then retire the old key.",
      })),
    );
  }, 60_000);
  afterAll(async () => {
    await database?.close();
  });

  /** Another session holds ACCESS EXCLUSIVE on the table (a rebuild: REINDEX, VACUUM FULL, a swap) until released. */
  async function holdTableLock(table = "search_docs_sections") {
    const locker = await database.admin.connect();
    // The test's own session: the server stopped under it must not crash the test process either.
    locker.on("error", () => {});
    await locker.query("begin");
    await locker.query(`lock table ${table} in access exclusive mode`);
    const { rows } = await locker.query("select pg_backend_pid() as pid");
    let released = false;
    return {
      pid: rows[0].pid as number,
      release: async () => {
        if (released) return;
        released = true;
        try {
          await locker.query("rollback");
          locker.release();
        } catch {
          locker.release(true);
        }
      },
    };
  }

  const waitingBesides = async (lockerPid: number) =>
    (await busyStatements(database.admin)).filter((row) => row.pid !== lockerPid);

  it("a table held by a rebuild's lock is `rebuilding` after lock_timeout, well within the time left, nothing left waiting", async () => {
    const lock = await holdTableLock();
    try {
      const backend = postgresBackend({ pool: database.appPool() });
      const startedAt = performance.now();
      const outcome = await backend.searchPage(request, testAttempt({ timeoutMs: 3_000 }));
      const tookMs = performance.now() - startedAt;
      expect(outcome).toMatchObject({
        kind: "rebuilding",
        reason: "SQLSTATE 55P03 lock_not_available",
      });
      expect(tookMs).toBeGreaterThanOrEqual(450);
      expect(tookMs).toBeLessThan(1_500);
      expect(await waitingBesides(lock.pid)).toEqual([]);
      // A time left below lock_timeout: the lock wait still ends as 55P03 (lock_timeout stays below statement_timeout), within it.
      const shortStart = performance.now();
      const short = await backend.getDocument(
        { collectionId: "runbooks", documentId: "key-rotation" },
        testAttempt({ timeoutMs: 200 }),
      );
      expect(short).toMatchObject({ kind: "rebuilding" });
      expect(performance.now() - shortStart).toBeLessThan(200 + slackMs);
      expect(await waitingBesides(lock.pid)).toEqual([]);
    } finally {
      await lock.release();
    }
  });

  it.each([
    ["", {}],
    [" (a pool in pipeline mode)", { pipeline: true }],
  ])(
    "an abort cancels the statement on the server%s: nothing left waiting in pg_stat_activity",
    async (_, poolOptions) => {
      // The case before commits its last attempt without waiting (as the backend does): a commit
      // still running would be counted as this case's statement.
      expect(
        await eventually(async () => (await busyStatements(database.admin)).length === 0),
      ).toBe(true);
      const lock = await holdTableLock();
      try {
        const pool = database.appPool({ max: 1, ...poolOptions });
        const backend = postgresBackend({ pool, lockTimeoutMs: 30_000 });
        const attempt = testAttempt({ timeoutMs: 30_000 });
        const pending = backend.searchPage(request, attempt);
        expect(await eventually(async () => (await waitingBesides(lock.pid)).length === 1)).toBe(
          true,
        );
        const abortedAt = performance.now();
        attempt.controller.abort(new Error("the user went away"));
        expect(await pending).toMatchObject({ kind: "transient" });
        expect(performance.now() - abortedAt).toBeLessThan(300);
        // Checked at once: the cancel request ended the lock wait before the attempt answered.
        expect(await waitingBesides(lock.pid)).toEqual([]);
        // The cancelled transaction's client is never left checked out: it goes back to the pool
        // healthy once its rollback lands (after the answer, as a commit does), or, when the
        // server's 57014 came later than the cancel's grace (a loaded machine: seen in CI), it is
        // destroyed, since the cancel could still land on its next statement.
        expect(await eventually(async () => pool.totalCount === pool.idleCount, 10_000)).toBe(true);
        await lock.release();
        expect((await backend.searchPage(request, testAttempt())).kind).toBe("page");
      } finally {
        await lock.release();
      }
    },
  );

  it("a statement slower than the time left ends with our own statement_timeout (57014): transient, within the time left", async () => {
    await database.admin.query(
      "create table slow_sections (like search_docs_sections including all)",
    );
    await database.admin.query(
      "insert into slow_sections (collection_id, document_id, section, title, heading, body) select collection_id, document_id, section, title, heading, body from search_docs_sections",
    );
    await database.admin.query("alter table slow_sections enable row level security");
    await database.admin.query(
      `create policy slow_read on slow_sections for select to ${appRole} using (pg_sleep(0.2)::text = '')`,
    );
    await database.admin.query(`grant select on slow_sections to ${appRole}`);
    const backend = postgresBackend({ pool: database.appPool(), table: "slow_sections" });
    const startedAt = performance.now();
    const outcome = await backend.searchPage(request, testAttempt({ timeoutMs: 300 }));
    // Our statement_timeout ends it 10 ms before the attempt's signal; on a loaded machine the
    // signal may win, and the attempt's cancel request ends it instead: transient either way.
    expect(outcome).toMatchObject({ kind: "transient" });
    expect("reason" in outcome ? outcome.reason : undefined).toMatch(
      /^(SQLSTATE 57014 query_canceled|cancelled: the attempt's signal fired)$/,
    );
    expect(performance.now() - startedAt).toBeLessThan(300 + slackMs);
    expect(await busyStatements(database.admin)).toEqual([]);
  });

  it("a pool with no free client within the time left is overloaded", async () => {
    const pool = database.appPool({ max: 1 });
    const held = await pool.connect();
    try {
      const startedAt = performance.now();
      const outcome = await postgresBackend({ pool }).searchPage(
        request,
        testAttempt({ timeoutMs: 300 }),
      );
      expect(outcome).toMatchObject({ kind: "overloaded" });
      expect(performance.now() - startedAt).toBeLessThan(300 + slackMs);
    } finally {
      held.release();
    }
    // The client that came free after the attempt gave up went back to the pool.
    expect(pool.idleCount + pool.totalCount).toBeGreaterThan(0);
    expect((await postgresBackend({ pool }).searchPage(request, testAttempt())).kind).toBe("page");
  });

  it("a server that accepts but never answers: transient within the time left, not overloaded", async () => {
    const sockets: Socket[] = [];
    const silent = createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const port = (silent.address() as AddressInfo).port;
    const pool = new pg.Pool({
      connectionString: `postgres://search_app:x@127.0.0.1:${port}/postgres`,
    });
    try {
      const startedAt = performance.now();
      const outcome = await postgresBackend({ pool }).searchPage(
        request,
        testAttempt({ timeoutMs: 300 }),
      );
      expect(outcome).toMatchObject({ kind: "transient" });
      expect("reason" in outcome ? outcome.reason : "").toMatch(
        /^no connection to the server within \d+ ms$/,
      );
      expect(performance.now() - startedAt).toBeLessThan(300 + slackMs);
    } finally {
      for (const socket of sockets) socket.destroy();
      silent.close();
      await pool.end().catch(() => {});
    }
  });

  it("max_connections exhausted (53300) is overloaded", async () => {
    const holders: pg.Client[] = [];
    try {
      for (let index = 0; index < 30; index++) {
        const client = new pg.Client({ connectionString: database.appUrl });
        client.on("error", () => {});
        try {
          await client.connect();
          holders.push(client);
        } catch (error) {
          expect((error as { code?: string }).code).toBe("53300");
          break;
        }
      }
      const outcome = await postgresBackend({ pool: database.appPool() }).searchPage(
        request,
        testAttempt(),
      );
      expect(outcome).toMatchObject({
        kind: "overloaded",
        reason: "SQLSTATE 53300 too_many_connections",
      });
    } finally {
      await Promise.allSettled(holders.map((client) => client.end()));
    }
  });

  it("the server stopped mid-run: transient, the process does not crash, and it reads again once back", async () => {
    const pool = database.appPool({ max: 2 });
    const backend = postgresBackend({ pool, lockTimeoutMs: 30_000 });
    // Two idle clients in the pool: a stopped server emits 'error' on each.
    await Promise.all([
      backend.searchPage(request, testAttempt()),
      backend.searchPage(request, testAttempt()),
    ]);
    // Each client goes back once its COMMIT is done, just after the answer.
    expect(await eventually(async () => pool.idleCount === 2)).toBe(true);
    const lock = await holdTableLock();
    const inFlight = backend.searchPage(request, testAttempt({ timeoutMs: 30_000 }));
    expect(await eventually(async () => (await waitingBesides(lock.pid)).length === 1)).toBe(true);
    await database.server.stop();
    expect(await inFlight).toMatchObject({ kind: "transient" });
    const startedAt = performance.now();
    expect(await backend.searchPage(request, testAttempt({ timeoutMs: 1_000 }))).toMatchObject({
      kind: "transient",
      reason: "network error (ECONNREFUSED)",
    });
    expect(performance.now() - startedAt).toBeLessThan(1_000 + slackMs);
    await lock.release();
    await database.server.start();
    expect((await backend.searchPage(request, testAttempt())).kind).toBe("page");
  });
});
