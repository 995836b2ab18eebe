import { ConfigurationError } from "../errors/configuration-error.js";
import type { Clock } from "../util/clock.js";
import { slugRefOf } from "./ref.js";
import { type RefStore, type RefTarget, sameDocument, sameTarget } from "./ref-store.js";

export interface MemoryRefStoreOptions {
  /** Entries kept (refs and slugs together); the least recently used goes first. */
  maxEntries?: number;
  /** How long a ref stays valid after it was last issued or read. */
  ttlMs?: number;
  /**
   * How long a slug stays bound to its document after any ref under it was last issued or read
   * (at least `ttlMs`): within it, another document with the same slug gets a suffixed ref.
   */
  slugTtlMs?: number;
  clock?: Pick<Clock, "now">;
}

interface Entry {
  target: RefTarget;
  expiresAt: number;
}

/**
 * A bounded LRU with a TTL: memory stays flat however many calls the process serves. A slug is
 * touched after every ref under it, so the LRU evicts its refs first and the slug last.
 */
export class MemoryRefStore implements RefStore {
  readonly #entries = new Map<string, Entry>();
  readonly #maxEntries: number;
  readonly #ttlMs: number;
  readonly #slugTtlMs: number;
  readonly #clock: Pick<Clock, "now">;

  constructor({
    maxEntries = 10_000,
    ttlMs = 24 * 60 * 60 * 1000,
    slugTtlMs = Math.max(ttlMs, 30 * 24 * 60 * 60 * 1000),
    clock,
  }: MemoryRefStoreOptions = {}) {
    if (!(ttlMs > 0)) {
      throw new ConfigurationError({ option: "ttlMs", message: "ttlMs must be more than 0." });
    }
    if (!(slugTtlMs >= ttlMs)) {
      throw new ConfigurationError({
        option: "slugTtlMs",
        message: "slugTtlMs must be at least ttlMs: a slug outlives every ref under it.",
      });
    }
    this.#maxEntries = maxEntries;
    this.#ttlMs = ttlMs;
    this.#slugTtlMs = slugTtlMs;
    this.#clock = clock ?? { now: () => Date.now() };
  }

  get size(): number {
    return this.#entries.size;
  }

  async get(ref: string): Promise<RefTarget | undefined> {
    const entry = this.#live(ref);
    if (!entry) return undefined;
    this.#touch(ref, entry.target);
    return { ...entry.target };
  }

  async setIfAbsent(ref: string, target: RefTarget): Promise<RefTarget> {
    const slug = this.#live(slugRefOf(ref));
    if (slug && !sameDocument(slug.target, target)) return { ...slug.target };
    const held = this.#live(ref);
    if (held && !sameTarget(held.target, target)) return { ...held.target };
    this.#touch(ref, target);
    return { ...target };
  }

  #live(key: string): Entry | undefined {
    const entry = this.#entries.get(key);
    if (entry && entry.expiresAt <= this.#clock.now()) {
      this.#entries.delete(key);
      return undefined;
    }
    return entry;
  }

  /** (Re)writes the ref, then its slug, at the back of the LRU with fresh lifetimes. */
  #touch(ref: string, target: RefTarget): void {
    const slugRef = slugRefOf(ref);
    const now = this.#clock.now();
    const { section: _section, ...document } = target;
    if (slugRef !== ref) this.#write(ref, { target: { ...target }, expiresAt: now + this.#ttlMs });
    // A slug whose document is someone else's (left from before an eviction) is not taken over.
    const slug = this.#live(slugRef);
    if (!slug || sameDocument(slug.target, target)) {
      this.#write(slugRef, {
        target: slugRef === ref ? { ...target } : document,
        expiresAt: now + this.#slugTtlMs,
      });
    }
    while (this.#entries.size > this.#maxEntries) {
      const oldest = this.#entries.keys().next();
      if (oldest.done) break;
      this.#entries.delete(oldest.value);
    }
  }

  #write(key: string, entry: Entry): void {
    // Re-insert: a Map iterates in insertion order, so the front is the least recently used.
    this.#entries.delete(key);
    this.#entries.set(key, entry);
  }
}
