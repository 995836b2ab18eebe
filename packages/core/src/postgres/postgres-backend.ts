import * as z from "zod/mini";
import type {
  BackendAttempt,
  BackendFailure,
  BackendHit,
  BackendSection,
  DocumentOutcome,
  DocumentRequest,
  PageOutcome,
  PageRequest,
  SearchBackend,
} from "../backend/search-backend.js";
import type { Caller } from "../contract/caller.js";
import { ConfigurationError } from "../errors/configuration-error.js";
import { settleWithin } from "../util/settle-within.js";
import { postgresErrorCode, postgresFailureOf } from "./postgres-failure-of.js";
import { type PostgresLayoutOptions, resolvePostgresLayout } from "./postgres-layout.js";
import type { PostgresPool, PostgresPoolClient, PostgresQueryable } from "./postgres-pool.js";
import { type PostgresMatch, postgresQueries } from "./postgres-queries.js";
import type { PostgresRankingOptions } from "./postgres-ranking.js";
import { cancelTargetOf, sendCancelRequest } from "./send-cancel-request.js";
import { splitExclusions } from "./split-exclusions.js";

export interface PostgresBackendOptions extends PostgresLayoutOptions {
  /** A node-postgres `pg.Pool` (any object with its `connect`, `on` and `listenerCount`). */
  pool: PostgresPool;
  /**
   * Runs inside each attempt's transaction before the query, on the attempt's client: make the
   * caller known to row-level security your way (`SET LOCAL ROLE`, Supabase-style
   * `request.jwt.claims`). When set, the attempt runs as the end user: a 42501 is `forbidden`
   * (this user may not read the table), and `search_docs.caller_token` is not set for you.
   */
  prepareAttempt?: (client: PostgresQueryable, caller: Caller) => Promise<void>;
  /** `any` (default): sections holding any word, those matching as typed first; `all`: only those. */
  match?: PostgresMatch;
  /**
   * The longest one attempt waits on a table lock (a rebuild's ACCESS EXCLUSIVE) before it says
   * `rebuilding`, so core waits and retries within its rebuild budget instead of spending the
   * deadline on one wait. Default 500; always below the statement timeout.
   */
  lockTimeoutMs?: number;
  /** BM25's parameters and the weight of each part of a section (see defaultPostgresRanking). */
  ranking?: PostgresRankingOptions;
}

// Milliseconds kept between the engine's own timeouts and the attempt's signal, so the server
// ends a statement (57014, 55P03) and the answer crosses back before core gives up on the attempt.
const safetyMarginMs = 20;
// At most this share of the statement's time goes to waiting on a lock: a rebuild then reads as
// `rebuilding` with time to spare, even when the time left is below lockTimeoutMs.
const lockShare = 0.8;
// How long an aborted attempt waits for its cancelled statement to end before it answers.
const cancelGraceMs = 250;
// How long a commit, or a rollback after a failed statement, may take before the client is
// destroyed instead of going back to the pool.
const rollbackWaitMs = 1_000;

const searchRowSchema = z.object({
  document_id: z.string().check(z.minLength(1)),
  section: z.int(),
  title: z.string(),
  heading: z.nullable(z.string()),
  slug: z.nullable(z.string()),
  updated: z.nullable(z.string()),
  score: z.number(),
  snippet: z.nullable(z.string()),
});

const documentRowSchema = z.object({
  document_id: z.string(),
  section: z.int(),
  title: z.string(),
  heading: z.nullable(z.string()),
  body: z.nullable(z.string()),
  slug: z.nullable(z.string()),
  updated: z.nullable(z.string()),
});

/**
 * A SearchBackend over PostgreSQL full-text search (DESIGN.md section 2): one short transaction
 * per attempt on a pooled client, with `statement_timeout` and `lock_timeout` from the time left,
 * the caller exposed to row-level security as `current_setting('search_docs.caller_token', true)`,
 * and a cancel request to the server when the attempt's signal fires. Areas map to
 * `collection_id` values.
 */
export function postgresBackend(options: PostgresBackendOptions): SearchBackend {
  const pool = options?.pool;
  if (
    typeof pool !== "object" ||
    pool === null ||
    typeof pool.connect !== "function" ||
    typeof pool.on !== "function"
  ) {
    throw new ConfigurationError({
      option: "pool",
      message:
        "postgresBackend needs { pool }: a node-postgres pg.Pool (new Pool({ connectionString })).",
    });
  }
  const layout = resolvePostgresLayout(options);
  const match = options.match ?? "any";
  if (match !== "any" && match !== "all") {
    throw new ConfigurationError({ option: "match", message: 'match must be "any" or "all".' });
  }
  const lockTimeoutMs = options.lockTimeoutMs ?? 500;
  if (!Number.isInteger(lockTimeoutMs) || lockTimeoutMs < 1) {
    throw new ConfigurationError({
      option: "lockTimeoutMs",
      message: "lockTimeoutMs must be a whole number of milliseconds, at least 1.",
    });
  }
  const prepareAttempt = options.prepareAttempt;
  if (prepareAttempt !== undefined && typeof prepareAttempt !== "function") {
    throw new ConfigurationError({
      option: "prepareAttempt",
      message: "prepareAttempt must be a function (client, caller) => Promise<void>.",
    });
  }
  const queries = postgresQueries(layout, match, options.ranking);
  // A stopped server emits 'error' on every idle pooled client, and the pool re-emits it: with no
  // listener that crashes the process. The pool drops those clients itself; a pool with a
  // listener of its own keeps it, and gets none of ours.
  if (typeof pool.listenerCount !== "function" || pool.listenerCount("error") === 0) {
    pool.on("error", () => {});
  }
  const baseAttributes = {
    "db.system.name": "postgresql",
    "db.collection.name": layout.tableName,
    "db.operation.name": "SELECT",
  };

  /** One attempt: a client within the time left, a transaction, `work`, commit; every fault mapped. */
  async function inTransaction<Outcome>(
    attempt: BackendAttempt,
    work: (client: PostgresQueryable) => Promise<Outcome>,
  ): Promise<Outcome | BackendFailure> {
    const asEndUser = prepareAttempt !== undefined;
    const fail = (error: unknown): BackendFailure => {
      const { status, ...failure } = postgresFailureOf(error, { asEndUser });
      attempt.annotate({
        status,
        attributes: { ...baseAttributes, "db.response.status_code": status },
      });
      return failure;
    };
    if (attempt.signal.aborted) return { kind: "transient", reason: "aborted before the attempt" };
    const acquired = await acquire(pool, attempt);
    if ("kind" in acquired) {
      if (acquired.kind === "error") return fail(acquired.error);
      return acquired.failure;
    }
    const client = acquired.client;
    // A checked-out client has no pool listener: a connection lost mid-attempt would crash the process.
    let connectionLost = false;
    const onClientError = () => {
      connectionLost = true;
    };
    client.on("error", onClientError);
    let destroy = false;
    let inTransactionBlock = false;
    const release = async () => {
      if (inTransactionBlock && !destroy && !connectionLost) {
        // Bounded: a server that does not answer a rollback loses the client, not the caller's time.
        if (!(await endTransaction(client, "rollback"))) destroy = true;
      }
      client.removeListener("error", onClientError);
      client.release(destroy || connectionLost);
    };
    const commitThenRelease = async () => {
      if (!(await endTransaction(client, "commit"))) destroy = true;
      await release();
    };
    try {
      const statementTimeoutMs = Math.floor(attempt.timeLeftMs()) - safetyMarginMs;
      // lock_timeout equal to statement_timeout (or 0) turns a lock wait into 57014, not 55P03:
      // it stays strictly below.
      const lockMs = Math.min(lockTimeoutMs, Math.floor(statementTimeoutMs * lockShare));
      if (lockMs < 1) {
        await release();
        return { kind: "transient", reason: "no time left for a statement" };
      }
      // BEGIN and both timeouts, whole numbers this code computed, in one simple query; then the
      // caller's token, only ever a bound parameter (never in pg_stat_activity's text). They go
      // with the attempt's first statement: one round trip on a pool in pipeline mode
      // (`new pg.Pool({ pipeline: true })`), one after the other otherwise.
      const prelude: Statement[] = [
        {
          text: `begin; set local statement_timeout = ${statementTimeoutMs}; set local lock_timeout = ${lockMs}`,
        },
      ];
      if (!asEndUser) {
        prelude.push({
          text: "select set_config('search_docs.caller_token', $1, true)",
          values: [callerToken(attempt.caller)],
        });
      }
      inTransactionBlock = true;
      let first = prelude;
      if (prepareAttempt !== undefined) {
        await runCancellable(client, prelude, attempt.signal);
        first = [];
        await prepareAttempt(cancellable(client, attempt.signal, []), attempt.caller);
      }
      const outcome = await work(cancellable(client, attempt.signal, first));
      // The answer does not wait for COMMIT (a read-only transaction): the client goes back to the
      // pool once it has committed, or is destroyed if that fails or takes too long.
      inTransactionBlock = false;
      void commitThenRelease();
      return outcome;
    } catch (error) {
      if (error instanceof AttemptCancelled) {
        // A statement that ended by our cancel (57014) consumed it: the transaction is rolled
        // back and the client goes back healthy. Otherwise the cancel may still land on the next
        // statement, so the client is destroyed, never reused.
        if (!error.consumed) destroy = true;
        await release();
        return { kind: "transient", reason: "cancelled: the attempt's signal fired" };
      }
      await release();
      return fail(error);
    }
  }

  return {
    specificationVersion: "v1",
    name: "postgres",

    async searchPage(request: PageRequest, attempt: BackendAttempt): Promise<PageOutcome> {
      const pageSize = Math.max(1, Math.min(request.pageSize, attempt.limits.pageItems));
      let offset = 0;
      if (request.continuation !== undefined) {
        if (!/^\d{1,9}$/.test(request.continuation)) {
          return { kind: "failed", cause: "malformed", reason: "continuation is not an offset" };
        }
        offset = Number(request.continuation);
      }
      const { included, excluded } = splitExclusions(request.query);
      return inTransaction<PageOutcome>(attempt, async (client) => {
        const result = await client.query(queries.search, [
          layout.language,
          request.query,
          included,
          excluded,
          request.collectionId,
          pageSize + 1,
          offset,
          request.prefer === "recent",
        ]);
        const parsed = z.array(searchRowSchema).safeParse(result.rows);
        if (!parsed.success) return malformed(attempt);
        const rows = parsed.data;
        const bytes = rows.reduce(
          (total, row) =>
            total +
            byteLength(row.document_id, row.title, row.heading, row.slug, row.updated, row.snippet),
          0,
        );
        attempt.annotate({
          status: "00000",
          bytes,
          attributes: { ...baseAttributes, "db.response.returned_rows": rows.length },
        });
        if (bytes > attempt.limits.responseBytes) {
          return { kind: "failed", cause: "too_large", reason: `${bytes} bytes of rows` };
        }
        // Zero rows on page one: nothing matched, or row-level security hid every match (omitted, as intended).
        if (rows.length === 0 && offset === 0) return { kind: "no_match" };
        const more = rows.length > pageSize;
        const hits: BackendHit[] = rows.slice(0, pageSize).map((row) => ({
          documentId: row.document_id,
          title: row.title,
          snippet:
            row.snippet !== null && row.snippet.trim() !== "" ? row.snippet : (row.heading ?? ""),
          score: row.score,
          section: String(row.section),
          ...(row.slug !== null && row.slug !== "" ? { slug: row.slug } : {}),
          ...(row.updated !== null ? { updated: isoDate(row.updated) } : {}),
        }));
        return more
          ? { kind: "page", hits, more: true, next: String(offset + pageSize) }
          : { kind: "page", hits, more: false };
      });
    },

    async getDocument(request: DocumentRequest, attempt: BackendAttempt): Promise<DocumentOutcome> {
      const most = attempt.limits.documentSections;
      return inTransaction<DocumentOutcome>(attempt, async (client) => {
        const result = await client.query(queries.document, [
          request.collectionId,
          request.documentId,
          most + 1,
        ]);
        const parsed = z.array(documentRowSchema).safeParse(result.rows);
        if (!parsed.success) return malformed(attempt);
        const rows = parsed.data;
        const bytes = rows.reduce(
          (total, row) => total + byteLength(row.title, row.heading, row.body, row.slug),
          0,
        );
        attempt.annotate({
          status: "00000",
          bytes,
          attributes: { ...baseAttributes, "db.response.returned_rows": rows.length },
        });
        // No rows: no such document, or row-level security hides it from this caller. The two
        // read the same here; telling them apart needs a policy check the app owns.
        const first = rows[0];
        if (first === undefined) return { kind: "not_found" };
        if (rows.length > most) {
          return { kind: "failed", cause: "too_large", reason: `over ${most} sections` };
        }
        if (bytes > attempt.limits.responseBytes) {
          return { kind: "failed", cause: "too_large", reason: `${bytes} bytes of sections` };
        }
        const sections: BackendSection[] = rows.map((row) => ({
          section: String(row.section),
          heading: row.heading ?? "",
          text: row.body ?? "",
        }));
        return {
          kind: "document",
          document: {
            title: first.title,
            sections,
            ...(first.slug !== null && first.slug !== "" ? { slug: first.slug } : {}),
            ...(first.updated !== null ? { updated: isoDate(first.updated) } : {}),
          },
        };
      });
    },
  };
}

/** The caller's token for row-level security: `{ token }`, or a bearer token in `{ headers }`; "" when none. */
function callerToken(caller: Caller): string {
  if ("token" in caller && typeof caller.token === "string") return caller.token;
  if ("headers" in caller && caller.headers !== null && typeof caller.headers === "object") {
    for (const [name, value] of Object.entries(caller.headers)) {
      if (name.toLowerCase() !== "authorization" || typeof value !== "string") continue;
      const bearer = /^Bearer\s+(.+)$/i.exec(value.trim());
      if (bearer?.[1] !== undefined) return bearer[1];
    }
  }
  return "";
}

type Acquired =
  | { client: PostgresPoolClient }
  | { kind: "error"; error: unknown }
  | { kind: "failure"; failure: BackendFailure };

/** A commit or rollback within `rollbackWaitMs`: false when it failed or did not answer in time. */
function endTransaction(
  client: { query(statement: string): Promise<unknown> },
  statement: "commit" | "rollback",
): Promise<boolean> {
  return settleWithin(
    () =>
      client.query(statement).then(
        () => true,
        () => false,
      ),
    { timeoutMs: rollbackWaitMs },
  ).catch(() => false);
}

/**
 * A pooled client within the time left. None free in time is `overloaded` (like a 429: the pool
 * is the app's own load shedding); a client that comes after the attempt gave up goes back.
 */
async function acquire(pool: PostgresPool, attempt: BackendAttempt): Promise<Acquired> {
  const waitMs = Math.max(0, Math.floor(attempt.timeLeftMs()) - safetyMarginMs);
  const connecting = pool.connect();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let onAbort: (() => void) | undefined;
  const gaveUp = new Promise<"timeout" | "aborted">((resolve) => {
    timer = setTimeout(() => resolve("timeout"), waitMs);
    onAbort = () => resolve("aborted");
    attempt.signal.addEventListener("abort", onAbort, { once: true });
  });
  try {
    const winner = await Promise.race([
      connecting.then(
        (client) => ({ client }),
        (error: unknown) => ({ kind: "error" as const, error }),
      ),
      gaveUp,
    ]);
    if (typeof winner === "object") return winner;
    connecting.then(
      (client) => client.release(),
      () => {},
    );
    if (winner === "aborted") {
      return {
        kind: "failure",
        failure: { kind: "transient", reason: "aborted waiting for a connection" },
      };
    }
    // Every client busy is the app's own load shedding; a pool with room that is still connecting
    // is a server slow to answer (or unreachable): a transient fault.
    const max = pool.options?.max;
    const full =
      typeof pool.totalCount !== "number" || typeof max !== "number" || pool.totalCount >= max;
    return {
      kind: "failure",
      failure: full
        ? { kind: "overloaded", reason: `no pooled connection free within ${waitMs} ms` }
        : { kind: "transient", reason: `no connection to the server within ${waitMs} ms` },
    };
  } finally {
    clearTimeout(timer);
    if (onAbort !== undefined) attempt.signal.removeEventListener("abort", onAbort);
  }
}

class AttemptCancelled extends Error {
  /** The statement ended with 57014: the server acted on our cancel request. */
  readonly consumed: boolean;
  constructor(consumed: boolean) {
    super("cancelled");
    this.consumed = consumed;
  }
}

interface Statement {
  text: string;
  values?: unknown[];
}

/**
 * Sends `statements` at once (node-postgres queues them; a pool in pipeline mode writes them in
 * one go) and answers the last one's result, or throws the first error. When `signal` fires
 * first, sends the server a cancel request for the one running (closing the socket would not stop
 * a lock wait), waits briefly for them to end, and throws AttemptCancelled.
 */
async function runCancellable(
  client: PostgresPoolClient,
  statements: readonly Statement[],
  signal: AbortSignal,
): Promise<{ rows: unknown[] }> {
  if (signal.aborted) throw new AttemptCancelled(true);
  const running = statements.map(({ text, values }) => client.query(text, values));
  for (const each of running) each.catch(() => {});
  let onAbort: (() => void) | undefined;
  const aborted = new Promise<"aborted">((resolve) => {
    onAbort = () => resolve("aborted");
    signal.addEventListener("abort", onAbort, { once: true });
  });
  const settled = Promise.all(running).then(
    (results) => ({ result: results.at(-1) ?? { rows: [] } }),
    (error: unknown) => ({ error }),
  );
  try {
    const winner = await Promise.race([settled, aborted]);
    if (winner === "aborted") {
      const target = cancelTargetOf(client);
      let ended: { result: unknown } | { error: unknown } | undefined;
      if (target !== undefined) {
        let timer: ReturnType<typeof setTimeout> | undefined;
        ended = await Promise.race([
          sendCancelRequest(target).then(() => settled),
          new Promise<undefined>((resolve) => {
            timer = setTimeout(() => resolve(undefined), cancelGraceMs);
          }),
        ]);
        clearTimeout(timer);
      }
      const consumed =
        ended !== undefined && "error" in ended && postgresErrorCode(ended.error) === "57014";
      throw new AttemptCancelled(consumed);
    }
    if ("error" in winner) throw winner.error;
    return winner.result;
  } finally {
    if (onAbort !== undefined) signal.removeEventListener("abort", onAbort);
  }
}

/**
 * The client as `prepareAttempt` and the query see it: every statement cancellable by the signal,
 * the first sent together with `first` (the transaction's prelude).
 */
function cancellable(
  client: PostgresPoolClient,
  signal: AbortSignal,
  first: readonly Statement[],
): PostgresQueryable {
  let before = first;
  return {
    query: (text: string, values?: unknown[]) => {
      const statements = [...before, values === undefined ? { text } : { text, values }];
      before = [];
      return runCancellable(client, statements, signal);
    },
  };
}

function malformed(attempt: BackendAttempt): BackendFailure {
  attempt.annotate({ status: "malformed" });
  return { kind: "failed", cause: "malformed", reason: "rows not of the layout's types" };
}

function byteLength(...values: (string | null)[]): number {
  let total = 0;
  for (const value of values) if (value !== null) total += Buffer.byteLength(value);
  return total;
}

// Midnight UTC is a date (the corpus's YYYY-MM-DD); anything else stays a date-time.
function isoDate(value: string): string {
  return value.endsWith("T00:00:00Z") ? value.slice(0, 10) : value;
}
