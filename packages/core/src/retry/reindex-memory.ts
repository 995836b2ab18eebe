import type { Clock } from "../util/clock.js";

/**
 * Collections that spent their 409 budget recently. While one is remembered, a call probes it
 * once and does not wait again: a reindex lasts ~90 s, and paying 3 s on every call in that
 * window is what the seed's loop did. A probe that sees 409 again extends the memory.
 */
export class ReindexMemory {
  readonly #until = new Map<string, number>();
  readonly #clock: Pick<Clock, "now">;
  readonly #rememberMs: number;

  constructor({ clock, rememberMs }: { clock: Pick<Clock, "now">; rememberMs: number }) {
    this.#clock = clock;
    this.#rememberMs = rememberMs;
  }

  isReindexing(collectionId: string): boolean {
    const until = this.#until.get(collectionId);
    if (until === undefined) return false;
    if (until > this.#clock.now()) return true;
    this.#until.delete(collectionId);
    return false;
  }

  remember(collectionId: string): void {
    this.#until.set(collectionId, this.#clock.now() + this.#rememberMs);
  }

  forget(collectionId: string): void {
    this.#until.delete(collectionId);
  }
}
