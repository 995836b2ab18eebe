import type { BackendFailure } from "../backend/search-backend.js";
import type { PostgresPool, PostgresPoolClient } from "./postgres-pool.js";

/** A pooled client, the driver's error when connecting failed, or why the attempt gave up. */
export type Acquired =
  | { client: PostgresPoolClient }
  | { kind: "error"; error: unknown }
  | { kind: "failure"; failure: BackendFailure };

/**
 * A pooled client within `waitMs`. None free in time is `overloaded` (like a 429: the pool is
 * the app's own load shedding); a client that comes after the attempt gave up goes back.
 */
export async function acquireClient(
  pool: PostgresPool,
  signal: AbortSignal,
  waitMs: number,
): Promise<Acquired> {
  const connecting = pool.connect();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let onAbort: (() => void) | undefined;
  const gaveUp = new Promise<"timeout" | "aborted">((resolve) => {
    timer = setTimeout(() => resolve("timeout"), waitMs);
    onAbort = () => resolve("aborted");
    signal.addEventListener("abort", onAbort, { once: true });
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
    if (onAbort !== undefined) signal.removeEventListener("abort", onAbort);
  }
}
