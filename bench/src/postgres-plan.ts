// The plan of the PostgreSQL backend's search statement as it really runs: the statement is
// recorded off the pool while one question goes through createDocsSearch, then run again under
// EXPLAIN ANALYZE (timing off, so the text is the plan and its row counts, not this machine's
// speed). docs/performance.md shows it, so a reader sees the GIN index used without a test run.

import type pg from "pg";

type Statement = { text: string; values: unknown[] };

/** A pool that hands out its clients as they are, noting the last search statement sent. */
export function recordingPool(pool: pg.Pool): { pool: pg.Pool; last: () => Statement | undefined } {
  let last: Statement | undefined;
  const connect = async () => {
    const client = await pool.connect();
    return new Proxy(client, {
      get(target, property) {
        if (property === "query") {
          return (text: unknown, values?: unknown[]) => {
            if (typeof text === "string" && text.startsWith("with input")) {
              last = { text, values: values ?? [] };
            }
            return target.query(text as string, values);
          };
        }
        const value = Reflect.get(target, property, target);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
  };
  const recording = new Proxy(pool, {
    get(target, property) {
      if (property === "connect") return connect;
      const value = Reflect.get(target, property, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  return { pool: recording, last: () => last };
}

/** The statement's plan, as EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF) prints it. */
export async function explainStatement(pool: pg.Pool, statement: Statement): Promise<string> {
  const result = await pool.query(
    `explain (analyze, costs off, timing off, summary off) ${statement.text}`,
    statement.values,
  );
  return result.rows.map((row) => String(row["QUERY PLAN"])).join("\n");
}
