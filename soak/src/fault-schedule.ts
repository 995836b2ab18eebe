import type { FakeDocsService, Fault } from "@search-docs/core/testing";
import { pickWeighted } from "./pick-weighted.ts";
import type { FaultMix } from "./soak-plan.ts";

/** A reindex window as it happened, in real time (performance.now()). */
export interface ReindexWindow {
  collectionId: string;
  startedAt: number;
  endsAt: number;
}

/**
 * Drives the fake service's faults over time. Every simulated second, each collection that is
 * not reindexing gets one fault kind for that second, drawn in proportion to the mix, firing at
 * the mix's total rate: so each request meets each fault with its own probability (10% 429, 2%
 * 5xx, ..., and the faults after the headers: stalled, endless, oversized and gzip-bomb bodies,
 * redirects, resets mid-body). Reindex windows (409 for 90 simulated seconds) start at random
 * times.
 */
export class FaultSchedule {
  readonly windows: ReindexWindow[] = [];
  readonly #service: FakeDocsService;
  readonly #collectionIds: readonly string[];
  readonly #mix: FaultMix;
  readonly #msPerSecond: number;
  readonly #random: () => number;
  #timer: ReturnType<typeof setInterval> | undefined;

  constructor(options: {
    service: FakeDocsService;
    collectionIds: readonly string[];
    mix: FaultMix;
    msPerSimulatedSecond: number;
    random: () => number;
  }) {
    this.#service = options.service;
    this.#collectionIds = options.collectionIds;
    this.#mix = options.mix;
    this.#msPerSecond = options.msPerSimulatedSecond;
    this.#random = options.random;
  }

  start(): void {
    this.#tick();
    this.#timer = setInterval(() => this.#tick(), this.#msPerSecond);
    this.#timer.unref();
  }

  /** Stops changing faults and clears them all. */
  stop(): void {
    clearInterval(this.#timer);
    this.#timer = undefined;
    for (const collectionId of this.#collectionIds) this.#service.setFault(collectionId, undefined);
  }

  /** Every collection answers 429 to everything, until `stop()`. */
  totalOutage(): void {
    clearInterval(this.#timer);
    for (const collectionId of this.#collectionIds) {
      this.#service.setFault(collectionId, { kind: "shed", retryAfterSeconds: 0 });
    }
  }

  #tick(): void {
    const now = performance.now();
    const mix = this.#mix;
    for (const collectionId of this.#collectionIds) {
      if (
        this.windows.some((window) => window.collectionId === collectionId && window.endsAt > now)
      ) {
        continue;
      }
      if (this.#random() < 1 / mix.reindexEverySimulatedSeconds) {
        const durationMs = mix.reindexSimulatedSeconds * this.#msPerSecond;
        this.windows.push({ collectionId, startedAt: now, endsAt: now + durationMs });
        this.#service.setFault(collectionId, { kind: "reindex", durationMs });
        continue;
      }
      this.#service.setFault(collectionId, this.#drawFault());
    }
  }

  #drawFault(): Fault {
    const mix = this.#mix;
    const weights = [
      ["shed", mix.shed],
      ["error", mix.serverError],
      ["malformed", mix.malformed],
      ["reset", mix.reset],
      ["slow", mix.slow],
      ["stall", mix.stall],
      ["endless", mix.endless],
      ["oversized", mix.oversized],
      ["gzip-bomb", mix.gzipBomb],
      ["redirect", mix.redirect],
      ["redirect-loop", mix.redirectLoop],
      ["reset-mid-body", mix.resetMidBody],
    ] as const;
    const rate = weights.reduce((sum, [, weight]) => sum + weight, 0);
    const random = this.#random;
    const kind = pickWeighted(random, weights);
    switch (kind) {
      case "shed":
        return { kind, rate, retryAfterSeconds: random() < mix.shedLongRetryAfter ? 1 : 0 };
      case "error":
        return {
          kind,
          rate,
          status: pickWeighted(random, [
            [500, 1],
            [502, 1],
            [503, 1],
            [504, 1],
          ]),
        };
      case "slow":
        return { kind, rate, ms: mix.slowMs };
      case "stall":
        return { kind, rate, intervalMs: 100 };
      case "redirect":
        return { kind, rate, to: "other-origin", status: 302 };
      case "redirect-loop":
        return { kind: "redirect", rate, to: "loop", status: 307 };
      default:
        return { kind, rate };
    }
  }
}
