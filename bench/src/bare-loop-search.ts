import type { CallRecord, UpstreamRequestRecord } from "./call-record.ts";

export interface BareLoopOptions {
  baseUrl: string;
  areas: Readonly<Record<string, readonly string[]>>;
  /** Sent as-is on every request (the caller's `authorization`). */
  headers: Record<string, string>;
  fetch?: typeof globalThis.fetch;
  /** How many results the answer keeps. */
  resultCap?: number;
}

interface WireItem {
  document_id: string;
  section?: number | string | null;
  score: number;
}

/**
 * The simplest thing a user could write against the v2 API, as the yardstick for search-docs'
 * own cost: `fetch` the first page of every collection at once, `JSON.parse` each body, sort every
 * item by its upstream score, keep the first `resultCap`. No retries, no deadline, no paging, no
 * sanitizing, no refs, no trace: what is left is the least a fan-out can cost. A collection that
 * does not answer 200 counts as empty.
 */
export async function bareLoopSearch(
  options: BareLoopOptions,
  { query, area }: { query: string; area?: string | undefined },
): Promise<CallRecord> {
  const fetchImpl = options.fetch ?? globalThis.fetch;
  const resultCap = options.resultCap ?? 8;
  const started = performance.now();
  const collections = (area === undefined ? Object.keys(options.areas) : [area]).flatMap(
    (name) => options.areas[name] ?? [],
  );
  const requests: UpstreamRequestRecord[] = [];
  const pages = await Promise.all(
    collections.map(async (collectionId) => {
      const sent = performance.now();
      const response = await fetchImpl(
        `${options.baseUrl}/v2/collections/${encodeURIComponent(collectionId)}/documents/search?query=${encodeURIComponent(query)}&page_size=20&sort=relevance`,
        { headers: options.headers },
      );
      const text = await response.text();
      requests.push({
        collectionId,
        status: response.status,
        waitMs: 0,
        latencyMs: performance.now() - sent,
      });
      return response.status === 200 ? (JSON.parse(text) as { items: WireItem[] }).items : [];
    }),
  );
  const items = pages.flat();
  const top = items.sort((left, right) => right.score - left.score).slice(0, resultCap);
  return {
    status: top.length > 0 ? "ok" : "no_matches",
    moreMatchesExist: items.length > top.length,
    output: top,
    targets: top.map((item) => ({
      docId: item.document_id,
      section:
        item.section === undefined || item.section === null ? undefined : Number(item.section),
    })),
    searchedCollections: collections,
    requests,
    recordsFetched: items.length,
    durationMs: performance.now() - started,
  };
}
