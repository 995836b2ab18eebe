import type { RequestKind } from "./recorded-request.js";
import type { RandomSource } from "./seeded-random.js";

/** What a latency function is told about the request it delays. */
export interface LatencyRequest {
  kind: RequestKind;
  collectionId: string | undefined;
}

/**
 * How long the service waits before answering each request: a lognormal distribution given by
 * its median and 95th percentile (what dashboards show), or a function returning milliseconds.
 */
export type LatencyModel =
  | { medianMs: number; p95Ms: number }
  | ((request: LatencyRequest) => number);

// The 95th percentile of the standard normal distribution.
const z95 = 1.6448536269514722;

/** One latency in milliseconds, never negative. */
export function sampleLatency(
  model: LatencyModel,
  request: LatencyRequest,
  random: RandomSource,
): number {
  const milliseconds =
    typeof model === "function" ? model(request) : sampleLognormal(model, random);
  return Number.isFinite(milliseconds) && milliseconds > 0 ? milliseconds : 0;
}

function sampleLognormal(model: { medianMs: number; p95Ms: number }, random: RandomSource): number {
  if (!(model.medianMs > 0)) return 0;
  const mu = Math.log(model.medianMs);
  const sigma = model.p95Ms > model.medianMs ? (Math.log(model.p95Ms) - mu) / z95 : 0;
  // Box–Muller; 1 - random() keeps the logarithm away from zero.
  const radius = Math.sqrt(-2 * Math.log(1 - random()));
  const standardNormal = radius * Math.cos(2 * Math.PI * random());
  return Math.exp(mu + sigma * standardNormal);
}
