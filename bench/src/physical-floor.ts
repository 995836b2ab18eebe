import type { UpstreamRequestRecord } from "./call-record.ts";

/**
 * The least time a call could have taken given the upstream latencies it actually met: requests
 * to one collection follow its cursor, so they add up; collections can run side by side, so the
 * slowest collection bounds the call. Client waits (backoff) are left out: they are a choice.
 */
export function physicalFloor(requests: readonly UpstreamRequestRecord[]): number {
  const byCollection = new Map<string, number>();
  for (const request of requests) {
    byCollection.set(
      request.collectionId,
      (byCollection.get(request.collectionId) ?? 0) + request.latencyMs,
    );
  }
  let floor = 0;
  for (const total of byCollection.values()) floor = Math.max(floor, total);
  return floor;
}

/** Requests per collection in scope, a collection that was never asked counting 0. */
export function requestsPerCollection(
  searchedCollections: readonly string[],
  requests: readonly UpstreamRequestRecord[],
): number[] {
  return searchedCollections.map(
    (collectionId) => requests.filter((request) => request.collectionId === collectionId).length,
  );
}
