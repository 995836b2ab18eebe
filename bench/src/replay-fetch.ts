interface Recorded {
  status: number;
  headers: [string, string][];
  body: string;
}

/**
 * A `fetch` that answers each URL from memory after the first time: tuning re-runs the same
 * queries hundreds of times, and the answers do not change (no faults, no latency, cursors are
 * deterministic). Only GETs are expected; the caller's headers do not take part in the key.
 */
export function createReplayFetch(fetchImpl: typeof globalThis.fetch = globalThis.fetch): {
  fetch: typeof globalThis.fetch;
  readonly misses: number;
} {
  const recorded = new Map<string, Recorded>();
  let misses = 0;
  const replay = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = input instanceof Request ? input.url : String(input);
    let entry = recorded.get(url);
    if (entry === undefined) {
      misses += 1;
      const response = await fetchImpl(input, init);
      entry = {
        status: response.status,
        headers: [...response.headers],
        body: await response.text(),
      };
      recorded.set(url, entry);
    }
    return new Response(entry.body, { status: entry.status, headers: entry.headers });
  };
  return {
    fetch: replay as typeof globalThis.fetch,
    get misses() {
      return misses;
    },
  };
}
