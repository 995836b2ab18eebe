/**
 * The soak process's own event-loop delay over time, and its resident memory: a timer every
 * `intervalMs` notes how late it fired. Lateness is time the loop was held up (a loaded machine,
 * a GC, a long task) and every timer due then fired that much late, a call's deadline included:
 * `delayWithin(from, to)` sums the lateness that fell within a window.
 */
export interface LoopDelaySampler {
  /** Milliseconds the loop was held up within (from, to], by `performance.now()` time. */
  delayWithin(from: number, to: number): number;
  /** The longest single hold-up sampled, in milliseconds. */
  maxDelayMs(): number;
  /** The largest resident set size sampled, in bytes. */
  peakRssBytes(): number;
  /**
   * The most memory held in ArrayBuffers (every Buffer and response body chunk) at once, in
   * bytes: what bounding bodies bounds, without the allocator's slack that RSS carries.
   */
  peakArrayBufferBytes(): number;
  stop(): void;
}

export function startLoopDelaySampler(intervalMs = 10): LoopDelaySampler {
  const firedAt: number[] = [];
  const lateBy: number[] = [];
  let expected = performance.now() + intervalMs;
  let peakRss = process.memoryUsage.rss();
  let peakArrayBuffers = process.memoryUsage().arrayBuffers;
  let ticks = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    firedAt.push(now);
    lateBy.push(Math.max(0, now - expected));
    expected = now + intervalMs;
    peakRss = Math.max(peakRss, process.memoryUsage.rss());
    // The full reading walks the heap's spaces: every fifth tick is often enough.
    if (ticks++ % 5 === 0) {
      peakArrayBuffers = Math.max(peakArrayBuffers, process.memoryUsage().arrayBuffers);
    }
  }, intervalMs);
  timer.unref();

  return {
    delayWithin(from, to) {
      // Each lateness spans (firedAt - lateBy, firedAt]; the spans are disjoint and in order.
      let low = 0;
      let high = firedAt.length;
      while (low < high) {
        const middle = (low + high) >> 1;
        if ((firedAt[middle] as number) <= from) low = middle + 1;
        else high = middle;
      }
      let total = 0;
      for (let index = low; index < firedAt.length; index++) {
        const end = firedAt[index] as number;
        const start = end - (lateBy[index] as number);
        if (start >= to) break;
        total += Math.max(0, Math.min(end, to) - Math.max(start, from));
      }
      return total;
    },
    maxDelayMs: () => lateBy.reduce((worst, late) => Math.max(worst, late), 0),
    peakRssBytes: () => peakRss,
    peakArrayBufferBytes: () => peakArrayBuffers,
    stop: () => clearInterval(timer),
  };
}
