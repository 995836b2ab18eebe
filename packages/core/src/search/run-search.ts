import { parseCaller } from "../contract/caller.js";
import type { SearchOutput, SearchResult } from "../contract/contract.js";
import { pageLink } from "../refs/page-link.js";
import { capPerDocument } from "../rerank/cap-per-document.js";
import type { LexicalReranker, RerankCandidate, Reranker } from "../rerank/reranker.js";
import type { CallOptions } from "../session/call-options.js";
import type { DocsEngine } from "../session/docs-engine.js";
import { readsTopOrder } from "../session/paging-policy.js";
import { ToolCall } from "../session/tool-call.js";
import { prepareMarkup } from "../text/markup-parser.js";
import { toPassage, truncate } from "../text/sanitize-text.js";
import { toDate } from "../text/to-date.js";
import { toTitle } from "../text/to-title.js";
import { loadOpenTelemetryApi, spansCanRecord } from "../trace/open-telemetry-api.js";
import type { Trace } from "../trace/trace.js";
import type { TraceRecorder } from "../trace/trace-recorder.js";
import type { Deadline } from "../util/deadline.js";
import { parseInput } from "../util/parse-input.js";
import { raceSignal } from "../util/race-signal.js";
import { type CollectionWalk, type Hit, walkCollection } from "./collection-walk.js";
import { searchStatus } from "./search-status.js";
import { stopMeaning } from "./stop-meaning.js";

// Hits asked of each page: the seed's `page_size=20`, never the model's to choose.
const upstreamPageSize = 20;

/** search_docs: fan out over the collections in scope, rerank globally, cut, say what happened. */
export async function runSearch(
  engine: DocsEngine,
  input: unknown,
  options: CallOptions,
): Promise<{
  output: SearchOutput;
  trace: Trace;
  unauthorized: boolean;
  /** Ref → the page's own address, for results whose record carries one. */
  links: Record<string, string>;
}> {
  const { query, area, prefer } = parseInput(engine.contract.searchInput, "search_docs", input);
  const caller = parseCaller(options?.caller, "search_docs");
  const { limits } = engine;
  if (spansCanRecord(engine.telemetry)) await loadOpenTelemetryApi();
  const call = new ToolCall(engine, "search_docs", {
    signal: options.signal,
    toolCallId: options.toolCallId,
    input: { query, area, prefer },
  });
  const { recorder, deadline } = call;
  recorder.trace.query = query;
  if (area !== undefined) recorder.trace.area = area;

  try {
    const scope = (area === undefined ? Object.keys(engine.areas) : [area]).flatMap((name) =>
      (engine.areas[name] ?? []).map((collectionId) => ({ area: name, collectionId })),
    );
    const { lexical } = engine;
    // Every collection starts at once; the client's per-origin in-flight bound protects the backend.
    const walks = await Promise.all(
      scope.map((collection) =>
        walkCollection({
          session: engine.session,
          call: engine.session.collectionCall({ ...collection, caller, deadline, trace: recorder }),
          query,
          prefer,
          maxPages: limits.maxUpstreamPages,
          pageSize: upstreamPageSize,
          paging: engine.paging,
          // Ranked only when the decision reads the order, not just the size, of the top.
          topHits: readsTopOrder(engine.paging)
            ? (hits) => cut(engine, rankLexically(lexical, query, hits))
            : (hits) => cut(engine, hits),
          resultCap: limits.resultCap,
        }),
      ),
    );
    call.throwIfCallerAborted();

    for (const walk of walks) recordWalk(recorder, walk);
    const byKey = distinct(walks);
    const candidates = [...byKey.values()];
    const ranked = await rerank(engine, recorder, {
      query,
      candidates: Array.from(byKey, ([key, hit]) => toCandidate(hit, key)),
      ...(prefer === undefined ? {} : { prefer }),
      signal: deadline.signal,
      timeLeftMs: deadline.remaining(),
      note: (message) => recorder.note(message),
      lexical,
    });
    call.throwIfCallerAborted();
    const top = cut(engine, hitsOf(ranked, byKey));

    const { results, links } = await toResults(engine, recorder, top, deadline);

    const status = searchStatus({
      outcomes: walks.map((walk) => stopMeaning(walk.stop).outcome),
      resultCount: results.length,
    });
    const truncated =
      walks.some((walk) => stopMeaning(walk.stop).moreExist) || candidates.length > results.length;
    const output: SearchOutput = {
      results,
      // "More exists" also when the answer is incomplete: a failed collection may hold more.
      more_matches_exist: truncated || status === "unavailable",
      status,
    };
    recorder.trace.candidates = candidates.length;
    recorder.trace.returned = results.length;
    recorder.trace.truncated = truncated;
    const trace = call.finish(status, output);
    return { output, trace, unauthorized: call.unauthorized, links };
  } finally {
    call.dispose();
  }
}

// The paging decision ranks a collection's hits after every page: it needs a cheap, local
// ranker, so a remote reranker (a hosted cross-encoder, say) is not asked for it.
function rankLexically(lexical: LexicalReranker, query: string, hits: readonly Hit[]): Hit[] {
  const byKey = new Map(hits.map((hit) => [hitKey(hit), hit]));
  return lexical
    .rerank({ query, candidates: hits.map((hit) => toCandidate(hit)) })
    .flatMap((candidate) => byKey.get(candidate.key) ?? []);
}

function hitsOf(ranked: readonly RerankCandidate[], byKey: ReadonlyMap<string, Hit>): Hit[] {
  const hits: Hit[] = [];
  for (const candidate of ranked) {
    const hit = byKey.get(candidate.key);
    if (hit !== undefined) hits.push(hit);
  }
  return hits;
}

/** The answer's cut, the same for the paging decision and the answer: capped per document. */
function cut(engine: DocsEngine, ranked: readonly Hit[]): Hit[] {
  return capPerDocument(ranked, {
    resultCap: engine.limits.resultCap,
    perDocument: engine.limits.sectionsPerDocument,
    documentOf: (hit) => `${hit.collectionId}\u0000${hit.item.documentId}`,
  });
}

function recordWalk(recorder: TraceRecorder, walk: CollectionWalk): void {
  recorder.collection({
    collectionId: walk.collectionId,
    area: walk.area,
    pages: walk.pages,
    candidates: walk.hits.length,
    stop: walk.stop,
    ...(walk.reason === undefined ? {} : { reason: walk.reason }),
  });
  if (stopMeaning(walk.stop).outcome === "unavailable") {
    recorder.failure({
      collectionId: walk.collectionId,
      area: walk.area,
      kind: walk.failure ?? "unexpected",
      reason: walk.reason ?? "unknown",
    });
  }
}

/**
 * De-duplicated by (collection, document, section), keeping the best upstream position: the hits
 * by their key, in walk order.
 */
function distinct(walks: readonly CollectionWalk[]): Map<string, Hit> {
  const hits = new Map<string, Hit>();
  for (const walk of walks) {
    for (const hit of walk.hits) {
      const key = hitKey(hit);
      if (!hits.has(key)) hits.set(key, hit);
    }
  }
  return hits;
}

function hitKey(hit: Hit): string {
  return `${hit.collectionId}\u0000${hit.item.documentId}\u0000${hit.item.section ?? ""}`;
}

// What a reranker reads of a title or snippet: more than a passage ever shows, never a whole
// megabyte a backend put in one snippet (a model reranker would be sent it, every call).
const candidateChars = 2000;

function toCandidate(hit: Hit, key = hitKey(hit)): RerankCandidate {
  return {
    key,
    title: truncate(hit.item.title, candidateChars),
    snippet: truncate(hit.item.snippet, candidateChars),
    area: hit.area,
    updated: hit.item.updated,
    upstreamRank: hit.upstreamRank,
    upstreamScore: hit.item.score,
  };
}

/** A reranker that fails (a hosted one, say) costs ranking quality, never the answer. */
async function rerank(
  { reranker, lexical }: Pick<DocsEngine, "reranker" | "lexical">,
  recorder: TraceRecorder,
  request: Parameters<Reranker["rerank"]>[0],
): Promise<readonly RerankCandidate[]> {
  if (request.candidates.length === 0) return [];
  try {
    // Raced against the deadline: a custom reranker that ignores its signal cannot hold the call.
    const order = await raceSignal(
      Promise.resolve().then(() => reranker.rerank(request)),
      request.signal,
      () => {},
    );
    if (!Array.isArray(order)) throw new TypeError("the reranker answered no list");
    return order;
  } catch (error) {
    recorder.note(
      `reranker failed (${error instanceof Error ? error.name : "error"}); lexical order kept`,
    );
    if (lexical !== reranker) return lexical.rerank(request);
    return [...request.candidates].sort(
      (left, right) =>
        right.upstreamScore - left.upstreamScore || left.upstreamRank - right.upstreamRank,
    );
  }
}

/**
 * The results with their refs, all minted at once within the call's deadline. When the ref store
 * fails, the answer stands: those refs are this process's own, and the trace says so.
 */
async function toResults(
  engine: DocsEngine,
  recorder: TraceRecorder,
  hits: readonly Hit[],
  deadline: Deadline,
): Promise<{ results: SearchResult[]; links: Record<string, string> }> {
  const issued = await engine.refs.issue(
    hits.map(({ area, collectionId, item }) => ({
      area,
      collectionId,
      documentId: item.documentId,
      slug: item.slug,
      path: item.path,
      maxRefChars: engine.limits.refChars,
      title: item.title,
      section: item.section,
    })),
    deadline,
  );
  if (issued.degraded !== undefined) recorder.refStoreFailed(issued.degraded);
  // The HTML tokenizer is loaded on the first passage that holds markup, not at import.
  await prepareMarkup(hits.flatMap(({ item }) => [item.title, item.snippet]));
  const links: Record<string, string> = {};
  const results = hits.flatMap((hit, index) => {
    const ref = issued.refs[index];
    if (ref === undefined) {
      recorder.note(`result ${hit.item.documentId} left out: no ref could be minted for it`);
      return [];
    }
    const link = pageLink(hit.item.url);
    if (link !== undefined) links[ref] = link;
    else if (hit.item.url !== undefined)
      recorder.note(`result ${ref}: its url is not an http(s) address; not linked`);
    return [
      {
        ref,
        title: toTitle(hit.item.title),
        passage: toPassage(hit.item.snippet, engine.limits.passageChars),
        area: hit.area,
        updated: toDate(hit.item.updated),
      },
    ];
  });
  return { results, links };
}
