import type { BackendHit } from "../backend/search-backend.js";
import type { BackendSession, CollectionCall } from "../session/backend-session.js";
import { type PagingPolicy, readsNextPage } from "../session/paging-policy.js";
import type { CollectionStop, FailureKind } from "../trace/trace.js";

export interface Hit {
  collectionId: string;
  area: string;
  item: BackendHit;
  /** 0-based position in this collection's upstream order. */
  upstreamRank: number;
}

/** How one collection's walk ended; its outcome and "more exist" follow from `stop` (`stopMeaning`). */
export interface CollectionWalk {
  collectionId: string;
  area: string;
  hits: Hit[];
  pages: number;
  stop: CollectionStop;
  reason?: string;
  /** Why it could not be read, for a walk that stopped `unavailable`. */
  failure?: FailureKind;
}

/**
 * Walks one collection's pages in continuation order. Stops when the backend says no more, on a
 * missing or repeated continuation, the page cap or the adaptive rule (`readsNextPage`), whose reason goes to the trace.
 * A failure after some pages keeps the hits already
 * fetched (the collection still counts as unavailable); a 403 at any page drops the collection.
 *
 * The collection changing under the walk (a stale continuation mid-walk, or the page's `version`
 * moving between pages) restarts the walk once from page one, with the hits so far discarded
 * since positions shifted; the pages already fetched still count toward the cap. A second
 * change (or a first one with no page left under the cap to restart on) ends the walk with the
 * hits of the pages read since the restart, all at one version (the page that moved is dropped):
 * the collection answered, so it is not down, and more matches exist. An index rewritten
 * continuously still answers from a consistent view.
 */
export async function walkCollection({
  session,
  call,
  query,
  prefer,
  maxPages,
  pageSize,
  paging,
  topHits,
  resultCap,
}: {
  session: BackendSession;
  call: CollectionCall;
  query: string;
  prefer: "relevance" | "recent" | undefined;
  maxPages: number;
  pageSize: number;
  paging: PagingPolicy;
  /** This collection's top results so far, as the answer would cut them; enables the adaptive stop. */
  topHits?: (hits: readonly Hit[]) => readonly Hit[];
  resultCap: number;
}): Promise<CollectionWalk> {
  const { collectionId, area } = call;
  const hits: Hit[] = [];
  const seenCursors = new Set<string>();
  let cursor: string | undefined;
  let pages = 0;
  let bestScore = 0;
  let version: string | undefined;
  let restarted = false;
  const restart = (): boolean => {
    if (restarted) return false;
    restarted = true;
    hits.length = 0;
    seenCursors.clear();
    cursor = undefined;
    bestScore = 0;
    version = undefined;
    return true;
  };
  const done = (stop: CollectionStop, reason?: string, failure?: FailureKind): CollectionWalk => ({
    collectionId,
    area,
    // A 403 after page one drops the whole collection: what it showed before is not the
    // caller's to read either.
    hits: stop === "forbidden" ? [] : hits,
    pages,
    stop,
    ...(reason === undefined ? {} : { reason }),
    ...(failure === undefined ? {} : { failure }),
  });

  // Changed again (or at the page cap, with no page left to restart on): the hits so far all
  // come from one version, the page that moved is dropped.
  const changedAgain = (why: string) =>
    done("version_changed", `${why}: answered from the pages read at one version`);

  for (;;) {
    const result = await session.searchPage(
      call,
      {
        query,
        pageSize,
        continuation: cursor,
        ...(prefer === undefined ? {} : { prefer }),
      },
      pages + 1,
    );
    if (result.kind === "no_match") {
      // Nothing matched (v2: 404): an ordinary outcome, never an error.
      return done(pages === 0 ? "no_match" : "end");
    }
    if (result.kind === "forbidden") {
      // Never retried, and the collection is left out silently: naming it would itself leak.
      return done("forbidden");
    }
    if (result.kind === "stale_continuation") {
      // No continuation to blame: the backend refused the query itself.
      if (cursor === undefined) return done("unavailable", result.reason, "rejected");
      if (pages < maxPages && restart()) continue;
      return changedAgain(`${result.reason}: the cursor was rejected again`);
    }
    if (result.kind === "unavailable") {
      return done("unavailable", result.reason, result.failure);
    }

    const page = result;
    pages += 1;
    const pageVersion = page.version;
    if (version !== undefined && pageVersion !== undefined && pageVersion !== version) {
      if (pages < maxPages && restart()) continue;
      return changedAgain("collection_version changed mid-walk again");
    }
    version = pageVersion;
    let lowestScore = Number.POSITIVE_INFINITY;
    for (const item of page.hits) {
      hits.push({ collectionId, area, item, upstreamRank: hits.length });
      bestScore = Math.max(bestScore, item.score);
      lowestScore = Math.min(lowestScore, item.score);
    }
    if (!page.more) return done("end");
    const nextCursor = page.next;
    if (nextCursor === undefined || nextCursor === "") {
      return done("missing_cursor", "has_more was true but no next_cursor came back");
    }
    if (nextCursor === cursor || seenCursors.has(nextCursor)) {
      return done("cursor_loop", "the backend sent a cursor it had already sent");
    }
    if (pages >= maxPages) {
      return done("page_cap", `page cap (${maxPages}) reached`);
    }
    if (topHits !== undefined && paging.mode === "adaptive") {
      const decision = readsNextPage(paging, {
        top: topHits(hits),
        page: hits.slice(hits.length - page.hits.length),
        pageNumber: pages,
        resultCap,
        bestScore,
        lowestScore,
      });
      if (!decision.read) return done("adaptive", decision.reason);
    }
    seenCursors.add(nextCursor);
    cursor = nextCursor;
  }
}
