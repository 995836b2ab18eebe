import { InFlightLimit } from "@search-docs/core";
import { mean, percentile } from "@search-docs/measure";
import { createDocsSearchArm } from "./docs-search-arm.ts";
import type { BenchQuery } from "./load-queries.ts";
import { physicalFloor, requestsPerCollection } from "./physical-floor.ts";
import { startServiceProcess } from "./service-process.ts";

export interface FanOutRow {
  collections: number;
  /** Requests in flight to the origin the client allows at once (the process-wide bound). */
  maxInFlight: number;
  calls: number;
  latencyMs: { p50: number; p95: number };
  floorMs: { p50: number; p95: number };
  /** Per call, latency divided by its physical floor. */
  latencyOverFloor: { p50: number; p95: number };
  requestsPerCollection: number;
}

/**
 * Fan-out at scale: the same questions, asked without an area, over a corpus split into more and
 * more collections, every upstream request answered in `latencyMs` exactly; one call at a time,
 * so the ratio to the floor is one call's own fan-out cost (queueing, client work, the cut).
 */
export async function measureFanOut({
  corpus,
  queries,
  collectionCounts,
  maxInFlight,
  latencyMs,
}: {
  corpus: string | undefined;
  queries: readonly BenchQuery[];
  collectionCounts: readonly number[];
  /** One row per bound and collection count: the default, and a low one to compare. */
  maxInFlight: readonly number[];
  latencyMs: number;
}): Promise<FanOutRow[]> {
  const rows: FanOutRow[] = [];
  for (const collections of collectionCounts) {
    const service = await startServiceProcess({
      ...(corpus === undefined ? {} : { corpus }),
      collectionsPerArea: Math.max(1, Math.round(collections / 4)),
      seed: 1,
      latency: { medianMs: latencyMs, p95Ms: latencyMs },
    });
    try {
      const headers = { authorization: `Bearer ${service.tokens.everything}` };
      for (const bound of maxInFlight) {
        const arm = createDocsSearchArm({
          baseUrl: service.url,
          areas: service.areas,
          headers,
          configure: { inFlightLimit: new InFlightLimit({ maxInFlight: bound }) },
        });
        // Warm-up: connections, JIT.
        for (const query of queries.slice(0, 5)) await arm({ query: query.query });
        const latencies: number[] = [];
        const floors: number[] = [];
        const ratios: number[] = [];
        const perCollection: number[] = [];
        for (const query of queries) {
          const record = await arm({ query: query.query });
          const floor = physicalFloor(record.requests);
          latencies.push(record.durationMs);
          floors.push(floor);
          if (floor > 0) ratios.push(record.durationMs / floor);
          perCollection.push(...requestsPerCollection(record.searchedCollections, record.requests));
        }
        rows.push({
          collections: Object.values(service.areas).flat().length,
          maxInFlight: bound,
          calls: queries.length,
          latencyMs: { p50: percentile(latencies, 50), p95: percentile(latencies, 95) },
          floorMs: { p50: percentile(floors, 50), p95: percentile(floors, 95) },
          latencyOverFloor: { p50: percentile(ratios, 50), p95: percentile(ratios, 95) },
          requestsPerCollection: mean(perCollection),
        });
      }
    } finally {
      await service.close();
    }
  }
  return rows;
}
