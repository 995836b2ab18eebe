import type { BackendAttempt, BackendFailure } from "../backend/search-backend.js";
import { callerToken } from "../backend-kit/caller-headers.js";
import { annotateOperation, type EngineOperation } from "../backend-kit/span-attributes.js";
import type { Caller } from "../contract/caller.js";
import { settleWithin } from "../util/settle-within.js";
import { acquireClient } from "./acquire-client.js";
import {
  AttemptCancelled,
  cancellableClient,
  runCancellable,
  type Statement,
} from "./cancellable-client.js";
import { postgresFailureOf } from "./postgres-failure-of.js";
import type { PostgresPool, PostgresQueryable } from "./postgres-pool.js";

// Milliseconds kept between the engine's own timeouts and the attempt's signal, so the server
// ends a statement (57014, 55P03) and the answer crosses back before core gives up on the attempt.
const safetyMarginMs = 20;
// At most this share of the statement's time goes to waiting on a lock: a rebuild then reads as
// `rebuilding` with time to spare, even when the time left is below lockTimeoutMs.
const lockShare = 0.8;
// How long a commit, or a rollback after a failed statement, may take before the client is
// destroyed instead of going back to the pool.
const rollbackWaitMs = 1_000;

export interface TransactionSettings {
  pool: PostgresPool;
  /** The table's name as given, for the span. */
  tableName: string;
  lockTimeoutMs: number;
  prepareAttempt: ((client: PostgresQueryable, caller: Caller) => Promise<void>) | undefined;
  /** A semantic stage runs: pgvector's errors read by postgresSemanticErrorTable first. */
  semantic?: boolean;
}

/** One attempt's work on a client inside the attempt's transaction. */
export type TransactionRunner = <Outcome>(
  attempt: BackendAttempt,
  operation: EngineOperation["operation"],
  work: (client: PostgresQueryable) => Promise<Outcome>,
) => Promise<Outcome | BackendFailure>;

/**
 * One attempt: a client within the time left, a transaction with `statement_timeout` and
 * `lock_timeout` from the time left and the caller's token, `work`, commit; every fault mapped
 * by the error tables, and the client destroyed whenever it may not be clean.
 */
export function postgresTransaction({
  pool,
  tableName,
  lockTimeoutMs,
  prepareAttempt,
  semantic = false,
}: TransactionSettings): TransactionRunner {
  const asEndUser = prepareAttempt !== undefined;
  return async (attempt, operation, work) => {
    annotateOperation(attempt, {
      system: "postgresql",
      collection: tableName,
      operation,
      engineOperation: "SELECT",
    });
    const fail = (error: unknown): BackendFailure => {
      const { status, ...failure } = postgresFailureOf(error, { asEndUser, semantic });
      attempt.annotate({ status, attributes: { "db.response.status_code": status } });
      return failure;
    };
    if (attempt.signal.aborted) return { kind: "transient", reason: "aborted before the attempt" };
    const waitMs = Math.max(0, Math.floor(attempt.timeLeftMs()) - safetyMarginMs);
    const acquired = await acquireClient(pool, attempt.signal, waitMs);
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
          values: [callerToken(attempt.caller) ?? ""],
        });
      }
      inTransactionBlock = true;
      let first = prelude;
      if (prepareAttempt !== undefined) {
        await runCancellable(client, prelude, attempt.signal);
        first = [];
        await prepareAttempt(cancellableClient(client, attempt.signal, []), attempt.caller);
      }
      const outcome = await work(cancellableClient(client, attempt.signal, first));
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
  };
}

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
