import { type Clock, systemClock } from "../util/clock.js";

/** What an HTTP backend's user may inject, so tests and runtimes hand edges in, never mock globals. */
export interface HttpEdges {
  /** Every request of the backend goes through it; the global `fetch` unless set. */
  fetch?: typeof globalThis.fetch;
  /** Wall time, for `Retry-After` HTTP dates (and minted keys' expiry); the system clock unless set. */
  clock?: Pick<Clock, "epochMs">;
}

/** The edges as given, else the global `fetch` and the system clock. */
export function httpEdgesOf(options: HttpEdges): Required<HttpEdges> {
  return {
    fetch: options.fetch ?? globalThis.fetch.bind(globalThis),
    clock: options.clock ?? systemClock,
  };
}
