import { PGlite } from "@electric-sql/pglite";
import { vector } from "@electric-sql/pglite-pgvector";
import { PGLiteSocketServer } from "@electric-sql/pglite-socket";
import pg from "pg";
import type { PostgresPool } from "../postgres/postgres-pool.js";
import { postgresSchemaSql } from "../postgres/postgres-schema-sql.js";

// Debian bookworm ships no pgvector package and this machine reaches no other download, so the
// semantic stage's server is PGlite (PostgreSQL 18 compiled to WebAssembly, from npm) with the
// real pgvector extension (@electric-sql/pglite-pgvector, pgvector 0.8.7), served over the
// PostgreSQL wire protocol by @electric-sql/pglite-socket: node-postgres and the backend's own
// code talk to it as to any server (https://pglite.dev/docs/pglite-socket,
// https://pglite.dev/extensions/#pgvector).
//
// What PGlite is not, measured here: it is one backend process in one session, so the socket
// server takes one connection at a time (a second is dropped: pools are `max: 1`, and set-up
// statements go to `db` directly between attempts); `statement_timeout` never fires and a cancel
// request does not stop a statement (a `pg_sleep(1)` ran its full second under both). Timeouts,
// cancels and the pool's faults are tested on a real PostgreSQL 15 with the full-text statement,
// which runs through the same transaction code.

export interface PgliteDatabase {
  /**
   * The PGlite instance itself: DDL and fixtures before the first attempt. It shares the one
   * session with the socket, so after an attempt use `pool` (it waits for the attempt's COMMIT,
   * which the backend does not await; `db` would run inside that transaction, as its role).
   */
  db: PGlite;
  /** The one pool (max 1) every attempt uses, as the app's `pg.Pool`. */
  pool: pg.Pool & PostgresPool;
  close(): Promise<void>;
}

/** A throwaway PGlite with the default sections table, and pgvector unless `vector: false`. */
export async function startPgliteDatabase(
  options: { vector?: boolean } = {},
): Promise<PgliteDatabase> {
  const withVector = options.vector ?? true;
  const db = await PGlite.create(withVector ? { extensions: { vector } } : {});
  if (withVector) await db.exec("create extension vector");
  await db.exec(postgresSchemaSql());
  const server = new PGLiteSocketServer({ db, host: "127.0.0.1", port: 0 });
  await server.start();
  const port = Number(server.getServerConn().split(":").pop());
  const pool = new pg.Pool({
    host: "127.0.0.1",
    port,
    user: "postgres",
    database: "postgres",
    max: 1,
  });
  pool.on("error", () => {});
  return {
    db,
    pool,
    async close() {
      await pool.end().catch(() => {});
      await server.stop();
      await db.close();
    },
  };
}

/** A statement an attempt sent: its text and bound values. */
export interface SentStatement {
  text: string;
  values: unknown[] | undefined;
}

/**
 * The pool as the backend sees it, recording every statement its clients send: the request a
 * test reads is the one that reached the server, not one rebuilt beside it.
 */
export function recordingPool(pool: pg.Pool): { pool: PostgresPool; sent: SentStatement[] } {
  const sent: SentStatement[] = [];
  const recording = {
    on: pool.on.bind(pool),
    listenerCount: pool.listenerCount.bind(pool),
    async connect() {
      const client = await pool.connect();
      return new Proxy(client, {
        get(target, property) {
          if (property === "query") {
            return (text: string, values?: unknown[]) => {
              sent.push({ text, values });
              return target.query(text, values);
            };
          }
          const value = Reflect.get(target, property, target);
          return typeof value === "function" ? value.bind(target) : value;
        },
      });
    },
  };
  return { pool: recording as unknown as PostgresPool, sent };
}
