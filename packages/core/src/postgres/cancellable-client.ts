import { postgresErrorCode } from "./postgres-failure-of.js";
import type { PostgresPoolClient, PostgresQueryable } from "./postgres-pool.js";
import { cancelTargetOf, sendCancelRequest } from "./send-cancel-request.js";

// How long an aborted attempt waits for its cancelled statement to end before it answers.
const cancelGraceMs = 250;

/** Thrown when the attempt's signal fired while a statement ran. */
export class AttemptCancelled extends Error {
  /** The statement ended with 57014: the server acted on our cancel request. */
  readonly consumed: boolean;
  constructor(consumed: boolean) {
    super("cancelled");
    this.consumed = consumed;
  }
}

export interface Statement {
  text: string;
  values?: unknown[];
}

/**
 * Sends `statements` (all at once to a pool in pipeline mode, which writes them in one go; else
 * each when the one before has answered, as node-postgres would send them anyway, without the
 * queue pg 8.23 warns about and pg 9 removes) and answers the last one's result, or throws the
 * first error. When `signal` fires
 * first, sends the server a cancel request for the one running (closing the socket would not stop
 * a lock wait), waits briefly for them to end, and throws AttemptCancelled.
 */
export async function runCancellable(
  client: PostgresPoolClient,
  statements: readonly Statement[],
  signal: AbortSignal,
): Promise<{ rows: unknown[] }> {
  if (signal.aborted) throw new AttemptCancelled(true);
  const answers = (client as { pipeline?: boolean }).pipeline
    ? Promise.all(statements.map(({ text, values }) => client.query(text, values))).then(
        (results) => results.at(-1) ?? { rows: [] },
      )
    : inTurn(client, statements, signal);
  let onAbort: (() => void) | undefined;
  const aborted = new Promise<"aborted">((resolve) => {
    onAbort = () => resolve("aborted");
    signal.addEventListener("abort", onAbort, { once: true });
  });
  const settled = answers.then(
    (result) => ({ result }),
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

/** One statement after the other; none is sent once the signal has fired. */
async function inTurn(
  client: PostgresPoolClient,
  statements: readonly Statement[],
  signal: AbortSignal,
): Promise<{ rows: unknown[] }> {
  let last: { rows: unknown[] } = { rows: [] };
  for (const { text, values } of statements) {
    if (signal.aborted) throw new AttemptCancelled(false);
    last = await client.query(text, values);
  }
  return last;
}

/**
 * The client as `prepareAttempt` and the query see it: every statement cancellable by the signal,
 * the first sent together with `first` (the transaction's prelude).
 */
export function cancellableClient(
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
