import {
  findPostgresBinaries,
  type PostgresServer,
  type StartPostgresServerOptions,
  startPostgresServer,
} from "@search-docs/test-servers";
import pg from "pg";
import { describe, it } from "vitest";
import type { Caller } from "../contract/caller.js";
import type { Limits } from "../limits.js";
import type { SectionRecord } from "../postgres/load-sections.js";
import { postgresSchemaSql } from "../postgres/postgres-schema-sql.js";
import { testAttempt as sharedTestAttempt, type TestAttempt } from "../testing/test-attempt.js";

/** CI (`.ci/run` sets SEARCH_DOCS_REQUIRE_POSTGRES=1) fails without PostgreSQL; elsewhere it skips. */
const required =
  process.env.SEARCH_DOCS_REQUIRE_POSTGRES === "1" ||
  !["", "0", "false"].includes(process.env.CI ?? "");

/**
 * A describe block that needs PostgreSQL's server binaries (Debian's `postgresql` package).
 * Without them it is skipped, saying so, outside CI, and fails in CI.
 */
export function describeWithPostgres(name: string, body: () => void): void {
  if (findPostgresBinaries() !== undefined) {
    describe(name, body);
    return;
  }
  const note = "PostgreSQL's initdb is not installed: install Debian's postgresql package";
  if (required) {
    describe(name, () => {
      it("needs PostgreSQL", () => {
        throw new Error(`${note} (CI requires it)`);
      });
    });
    return;
  }
  console.warn(`[core] skipped "${name}": ${note}`);
  describe.skip(name, body);
}

/** A throwaway cluster with the default layout, and a non-superuser app role that reads it. */
export interface TestDatabase {
  server: PostgresServer;
  /** The superuser's pool: DDL, locks, pg_stat_activity. */
  admin: pg.Pool;
  /** The app role's connection string (no superuser: row-level security applies to it). */
  appUrl: string;
  appPool(options?: pg.PoolConfig): pg.Pool;
  close(): Promise<void>;
}

export const appRole = "search_app";

/** The one section the CLI's and check's PostgreSQL tests start from. */
export const keyRotationSection: SectionRecord = {
  collectionId: "runbooks",
  documentId: "key-rotation",
  section: 1,
  title: "Key rotation",
  heading: "Rotate",
  body: "Rotate the signing key every month.",
  slug: "key-rotation",
  updatedAt: "2026-05-04",
};

export async function startTestDatabase(
  options: StartPostgresServerOptions = {},
): Promise<TestDatabase> {
  const server = await startPostgresServer(options);
  const admin = new pg.Pool({ connectionString: server.url, max: 4 });
  admin.on("error", () => {});
  const appPassword = "app-password-for-tests";
  await admin.query(`create role ${appRole} login password '${appPassword}'`);
  await admin.query(postgresSchemaSql());
  await admin.query(`grant select on search_docs_sections to ${appRole}`);
  const appUrl = `postgres://${appRole}:${appPassword}@${server.host}:${server.port}/${server.database}`;
  const pools: pg.Pool[] = [];
  return {
    server,
    admin,
    appUrl,
    appPool(poolOptions = {}) {
      const pool = new pg.Pool({ connectionString: appUrl, max: 4, ...poolOptions });
      pools.push(pool);
      return pool;
    },
    async close() {
      await Promise.allSettled(pools.map((pool) => pool.end()));
      await admin.end().catch(() => {});
      await server.destroy();
    },
  };
}

/** The shared test attempt, with the abort controller a test fires as the caller's abort. */
export interface AbortableAttempt extends TestAttempt {
  controller: AbortController;
}

export function testAttempt(
  options: { caller?: Caller; timeoutMs?: number; limits?: Partial<Limits> } = {},
): AbortableAttempt {
  const controller = new AbortController();
  const attempt = sharedTestAttempt({
    caller: options.caller ?? { token: "reader" },
    signal: controller.signal,
    ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
    ...(options.limits === undefined ? {} : { limits: options.limits }),
  });
  return Object.assign(attempt, { controller });
}

/**
 * Statements of the app's role still running, waiting or holding a transaction open. By role,
 * not by text: pg_stat_activity cuts a statement's text at track_activity_query_size (1 KiB).
 */
export async function busyStatements(admin: pg.Pool) {
  const result = await admin.query<{
    pid: number;
    state: string;
    wait_event_type: string | null;
    query: string;
  }>(
    `select pid, state, wait_event_type, query from pg_stat_activity
     where usename = $1 and state <> 'idle' and backend_type = 'client backend'`,
    [appRole],
  );
  return result.rows;
}

/** Waits up to `withinMs` for `check` to hold, polling; returns whether it did. */
export async function eventually(
  check: () => Promise<boolean>,
  withinMs = 2_000,
): Promise<boolean> {
  const deadline = Date.now() + withinMs;
  for (;;) {
    if (await check()) return true;
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
