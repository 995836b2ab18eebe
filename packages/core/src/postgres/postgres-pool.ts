// The parts of node-postgres this backend uses, written structurally: a `pg.Pool` fits, and
// core's types do not make users who never touch PostgreSQL install `pg` or `@types/pg`.

/** Something that runs one parameterized statement: a pooled client inside the attempt's transaction. */
export interface PostgresQueryable {
  query(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

/** A client checked out of the pool (`pg.PoolClient`). */
export interface PostgresPoolClient extends PostgresQueryable {
  /** `release(true)` destroys the client instead of returning it to the pool. */
  release(destroy?: boolean): void;
  on(event: "error", listener: (error: Error) => void): unknown;
  removeListener(event: "error", listener: (error: Error) => void): unknown;
}

/** A connection pool (`pg.Pool`). */
export interface PostgresPool {
  connect(): Promise<PostgresPoolClient>;
  on(event: "error", listener: (error: Error, client: unknown) => void): unknown;
  listenerCount(event: "error"): number;
  /** Clients open or opening (pg.Pool's); with `options.max`, tells a full pool from a slow connect. */
  readonly totalCount?: number;
  readonly options?: { readonly max?: number };
}
