/**
 * Collections that spent their 409 budget recently. While one is remembered, a call probes it
 * once and does not wait again: a reindex lasts ~90 s, and paying 3 s on every call in that
 * window is what the seed's loop did. A probe that sees 409 again extends the memory; any other
 * answer ends it.
 *
 * Any method may return a promise, so the memory can be shared across processes (Redis, say).
 * `remember` takes a duration rather than an expiry time, so a shared store can use its own TTLs
 * instead of assuming the processes' clocks agree. A memory is an optimisation: the client waits
 * for `isReindexing` (only after a 409) but never for `remember` or `forget`, and when the memory
 * fails it goes on as if it remembered nothing.
 */
export interface ReindexMemory {
  isReindexing(collectionId: string): boolean | Promise<boolean>;
  /** Remember `collectionId` as reindexing for the next `durationMs`. */
  remember(collectionId: string, durationMs: number): void | Promise<void>;
  forget(collectionId: string): void | Promise<void>;
}
