import type { Clock } from "../util/clock.js";
import type { RefStore, RefTarget } from "./ref-store.js";

export interface MemoryRefStoreOptions {
  /** Entries kept; the least recently used goes first. */
  maxEntries?: number;
  /** How long a ref stays valid after it was last issued or read. */
  ttlMs?: number;
  clock?: Pick<Clock, "now">;
}

/** A bounded LRU with a TTL: memory stays flat however many calls the process serves. */
export class MemoryRefStore implements RefStore {
  readonly #entries = new Map<string, { target: RefTarget; expiresAt: number }>();
  readonly #maxEntries: number;
  readonly #ttlMs: number;
  readonly #clock: Pick<Clock, "now">;

  constructor({
    maxEntries = 10_000,
    ttlMs = 24 * 60 * 60 * 1000,
    clock,
  }: MemoryRefStoreOptions = {}) {
    this.#maxEntries = maxEntries;
    this.#ttlMs = ttlMs;
    this.#clock = clock ?? { now: () => Date.now() };
  }

  get size(): number {
    return this.#entries.size;
  }

  async get(ref: string): Promise<RefTarget | undefined> {
    return this.#read(ref);
  }

  async set(ref: string, target: RefTarget): Promise<void> {
    this.#write(ref, target);
  }

  async setIfAbsent(ref: string, target: RefTarget): Promise<RefTarget> {
    const holder = this.#read(ref);
    if (holder) return holder;
    this.#write(ref, target);
    return target;
  }

  #read(ref: string): RefTarget | undefined {
    const entry = this.#entries.get(ref);
    if (!entry) return undefined;
    if (entry.expiresAt <= this.#clock.now()) {
      this.#entries.delete(ref);
      return undefined;
    }
    // Re-insert: a Map iterates in insertion order, so the front is the least recently used.
    this.#entries.delete(ref);
    this.#entries.set(ref, { target: entry.target, expiresAt: this.#clock.now() + this.#ttlMs });
    return entry.target;
  }

  #write(ref: string, target: RefTarget): void {
    this.#entries.delete(ref);
    this.#entries.set(ref, { target: { ...target }, expiresAt: this.#clock.now() + this.#ttlMs });
    while (this.#entries.size > this.#maxEntries) {
      const oldest = this.#entries.keys().next();
      if (oldest.done) break;
      this.#entries.delete(oldest.value);
    }
  }
}
