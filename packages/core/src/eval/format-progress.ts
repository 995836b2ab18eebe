import type { EvalProgress } from "./compare-retrieval.js";

/** The terminal's progress line: questions done of all, and the time since the run started. */
export function formatProgress({ done, total, elapsedMs }: EvalProgress): string {
  const seconds = elapsedMs / 1000;
  return `eval: ${done}/${total} queries, ${seconds < 10 ? seconds.toFixed(1) : seconds.toFixed(0)} s`;
}
