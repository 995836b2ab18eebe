import { type Clock, systemClock } from "../util/clock.js";
import type { ReindexMemory } from "./reindex-memory.js";

/** The default reindex memory: this process only, synchronous. */
export class MemoryReindexMemory implements ReindexMemory {
  readonly #until = new Map<string, number>();
  readonly #clock: Pick<Clock, "now">;

  constructor({ clock = systemClock }: { clock?: Pick<Clock, "now"> } = {}) {
    this.#clock = clock;
  }

  isReindexing(collectionId: string): boolean {
    const until = this.#until.get(collectionId);
    if (until === undefined) return false;
    if (until > this.#clock.now()) return true;
    this.#until.delete(collectionId);
    return false;
  }

  remember(collectionId: string, durationMs: number): void {
    this.#until.set(collectionId, this.#clock.now() + durationMs);
  }

  forget(collectionId: string): void {
    this.#until.delete(collectionId);
  }
}
