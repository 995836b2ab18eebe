import type { RerankCandidate, Reranker } from "@search-docs/core";
import type { CallRecord, UpstreamRequestRecord } from "./call-record.ts";

export interface SeedSerialOptions {
  baseUrl: string;
  areas: Readonly<Record<string, readonly string[]>>;
  /** The seed's `rerank` is not shown; the bench gives it the default reranker (see README). */
  reranker: Reranker;
  fetch?: typeof globalThis.fetch;
  sleep?: (milliseconds: number) => Promise<void>;
  now?: () => number;
  /** MAX_UPSTREAM_PAGES. */
  maxPages?: number;
  /** RESULT_CAP. */
  resultCap?: number;
  /** retry_with_backoff(max_wait_s=3.0). */
  maxConflictWaitMs?: number;
  /** The first backoff; each later one doubles. */
  firstBackoffMs?: number;
}

interface SeedHit {
  collectionId: string;
  area: string;
  upstreamRank: number;
  item: {
    document_id: string;
    title: string;
    score: number;
    snippet: string;
    updated_at?: string | null;
    slug?: string | null;
    section?: number | string | null;
  };
}

/**
 * The seed's `search_docs`, ported line for line (absorbing-transport.txt): collections one
 * after another, every page up to 6 following the cursor, a 409 retried with exponential backoff
 * until 3 s of waiting are spent — and then the WHOLE call answers `unavailable` with no results —
 * a 404 or 403 ending that collection, nothing remembered between calls. Any other status (a 429,
 * a 5xx) is an exception the seed's loop does not catch: the call fails, recorded as `error`.
 */
export async function seedSerialSearch(
  options: SeedSerialOptions,
  { query, area }: { query: string; area?: string | undefined },
  headers: Record<string, string>,
): Promise<CallRecord> {
  const fetchImpl = options.fetch ?? globalThis.fetch;
  const sleep =
    options.sleep ??
    ((milliseconds: number) => new Promise<void>((resolve) => setTimeout(resolve, milliseconds)));
  const now = options.now ?? (() => performance.now());
  const maxPages = options.maxPages ?? 6;
  const resultCap = options.resultCap ?? 8;
  const maxConflictWaitMs = options.maxConflictWaitMs ?? 3000;
  const firstBackoffMs = options.firstBackoffMs ?? 100;
  const started = now();

  const collections = (area === undefined ? Object.keys(options.areas) : [area]).flatMap((name) =>
    (options.areas[name] ?? []).map((collectionId) => ({ area: name, collectionId })),
  );
  const requests: UpstreamRequestRecord[] = [];
  const record = (rest: Omit<CallRecord, "searchedCollections" | "requests" | "durationMs">) => ({
    ...rest,
    searchedCollections: collections.map((collection) => collection.collectionId),
    requests,
    durationMs: now() - started,
  });
  if (collections.length === 0) {
    return record({
      status: "no_matches",
      moreMatchesExist: false,
      output: { results: [], more_matches_exist: false, status: "no_matches" },
      targets: [],
      recordsFetched: 0,
    });
  }

  let conflictWaitedMs = 0;
  let conflictRetries = 0;
  let pendingWaitMs = 0;
  // retry_with_backoff: true after sleeping the next backoff, false once 3 s are spent.
  const retryWithBackoff = async (): Promise<boolean> => {
    const left = maxConflictWaitMs - conflictWaitedMs;
    if (left <= 0) return false;
    const wait = Math.min(left, firstBackoffMs * 2 ** conflictRetries);
    conflictRetries += 1;
    conflictWaitedMs += wait;
    pendingWaitMs = wait;
    await sleep(wait);
    return true;
  };

  const hits: SeedHit[] = [];
  let recordsFetched = 0;
  let truncated = false;
  for (const { collectionId, area: collectionArea } of collections) {
    let cursor: string | undefined;
    let pages = 0;
    let rank = 0;
    let broke = false;
    while (pages < maxPages) {
      const url = new URL(
        `${options.baseUrl}/v2/collections/${encodeURIComponent(collectionId)}/documents/search`,
      );
      url.searchParams.set("query", query);
      url.searchParams.set("page_size", "20");
      if (cursor !== undefined) url.searchParams.set("cursor", cursor);
      const sent = now();
      const response = await fetchImpl(url, { headers });
      const body = (await response.json().catch(() => undefined)) as
        | { items: SeedHit["item"][]; has_more: boolean; next_cursor?: string | null }
        | undefined;
      requests.push({
        collectionId,
        status: response.status,
        waitMs: pendingWaitMs,
        latencyMs: now() - sent,
      });
      pendingWaitMs = 0;
      if (response.status === 409) {
        if (!(await retryWithBackoff())) {
          return record({
            status: "unavailable",
            moreMatchesExist: false,
            output: { results: [], more_matches_exist: false, status: "unavailable" },
            targets: [],
            recordsFetched,
          });
        }
        continue;
      }
      if (response.status === 404 || response.status === 403) {
        broke = true;
        break;
      }
      if (response.status !== 200 || body === undefined) {
        const error = `search_docs raised: HTTP ${response.status}`;
        return record({
          status: "error",
          moreMatchesExist: false,
          output: { error },
          targets: [],
          recordsFetched,
        });
      }
      for (const item of body.items) {
        hits.push({ collectionId, area: collectionArea, upstreamRank: rank++, item });
      }
      recordsFetched += body.items.length;
      pages += 1;
      if (!body.has_more) {
        broke = true;
        break;
      }
      cursor = body.next_cursor ?? undefined;
    }
    // Python's while…else: the loop ran out of pages without a break.
    if (!broke) truncated = true;
  }

  const candidates: RerankCandidate[] = hits.map((hit, index) => ({
    key: String(index),
    title: hit.item.title,
    snippet: hit.item.snippet,
    area: hit.area,
    updated: hit.item.updated_at ?? undefined,
    upstreamRank: hit.upstreamRank,
    upstreamScore: hit.item.score,
  }));
  const ranked =
    candidates.length === 0
      ? []
      : (await options.reranker.rerank({ query, candidates })).slice(0, resultCap);
  const top = ranked.map((candidate) => hits[Number(candidate.key)] as SeedHit);
  const results = top.map((hit) => ({
    ref: `${hit.area}/${hit.item.slug ?? hit.item.document_id}${hit.item.section === undefined || hit.item.section === null ? "" : `#${hit.item.section}`}`,
    title: hit.item.title,
    passage: hit.item.snippet.slice(0, 320),
    area: hit.area,
    updated: hit.item.updated_at?.slice(0, 10) ?? null,
  }));
  const status = results.length > 0 ? "ok" : "no_matches";
  const moreMatchesExist = truncated || hits.length > resultCap;
  return record({
    status,
    moreMatchesExist,
    output: { results, more_matches_exist: moreMatchesExist, status },
    targets: top.map((hit) => ({
      docId: hit.item.document_id,
      section:
        hit.item.section === undefined || hit.item.section === null
          ? undefined
          : Number(hit.item.section),
    })),
    recordsFetched,
  });
}
