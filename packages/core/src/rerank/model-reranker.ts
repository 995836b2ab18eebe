import { type Clock, systemClock } from "../util/clock.js";
import { raceSignal } from "../util/race-signal.js";
import type { LexicalReranker, RerankCandidate, Reranker, RerankRequest } from "./reranker.js";
import { UpstreamFusionReranker } from "./upstream-fusion-reranker.js";

// A model reranker used outside createDocsSearch (no backend to ask) shortlists by the default.
const defaultLexical = new UpstreamFusionReranker();

/** What a model is asked: the query and the shortlist, as text, bounded by one signal. */
export interface ModelOrderRequest {
  query: string;
  /** Title and snippet of each shortlisted candidate, as the model reads them. */
  documents: readonly string[];
  candidates: readonly RerankCandidate[];
  /** Aborts at the model's timeout, the call's deadline or the caller's cancel. */
  signal: AbortSignal;
}

export interface ModelRerankerOptions {
  /** Names the model in the trace, e.g. "ai-sdk rerank cohere/rerank-v3.5". */
  name: string;
  /**
   * The shortlist's indices, best first. Indices it leaves out keep their lexical order after the
   * ones it names (a compressor that drops documents, a top-N); repeats and strays are ignored.
   */
  order(request: ModelOrderRequest): Promise<readonly number[]>;
  /** How many of the lexical order's best the model reorders. Default 20. */
  shortlist?: number;
  /** The most the model may take, within what is left of the call's deadline. Default 2,000 ms. */
  timeoutMs?: number;
  /**
   * The order the model refines, and the one that stands when it fails. Default: the backend's
   * default reranker (rerankerFor), which createDocsSearch hands it with each request.
   */
  lexical?: LexicalReranker;
  clock?: Pick<Clock, "now" | "setTimer">;
}

export const defaultModelShortlist = 20;
export const defaultModelTimeoutMs = 2000;
// Refs and the answer still have to be made after the model: leave them this much of the call.
const answerReserveMs = 50;

/**
 * A reranker backed by a model (a hosted cross-encoder, embeddings): it reorders the lexical
 * order's shortlist and leaves the rest after it. It is never asked during paging (the walk asks
 * `lexical`), it answers within the call's deadline, and when it fails, times out or is cancelled
 * the lexical order stands; either way the trace says what happened. The adapters build one over
 * their framework's models (`@search-docs/ai-sdk`, `@search-docs/langchain`).
 */
export class ModelReranker implements Reranker {
  readonly name: string;
  /** The app's own lexical order; undefined: the backend's default, from the request. */
  readonly lexical: LexicalReranker | undefined;
  readonly shortlist: number;
  readonly timeoutMs: number;
  readonly #order: ModelRerankerOptions["order"];
  readonly #clock: Pick<Clock, "now" | "setTimer">;

  constructor(options: ModelRerankerOptions) {
    const shortlist = options.shortlist ?? defaultModelShortlist;
    const timeoutMs = options.timeoutMs ?? defaultModelTimeoutMs;
    if (!Number.isInteger(shortlist) || shortlist < 1) {
      throw new RangeError(`shortlist must be a positive integer, got ${String(shortlist)}`);
    }
    if (!(timeoutMs > 0)) throw new RangeError(`timeoutMs must be positive, got ${timeoutMs}`);
    this.name = options.name;
    this.lexical = options.lexical;
    this.shortlist = shortlist;
    this.timeoutMs = timeoutMs;
    this.#order = options.order;
    this.#clock = options.clock ?? systemClock;
  }

  async rerank(request: RerankRequest): Promise<RerankCandidate[]> {
    const lexical = this.lexical ?? request.lexical ?? defaultLexical;
    const lexicalOrder = lexical.rerank(request);
    if (lexicalOrder.length < 2) return lexicalOrder;
    const note = (message: string) => request.note?.(`${this.name}: ${message}`);
    const budgetMs = Math.min(this.timeoutMs, (request.timeLeftMs ?? Infinity) - answerReserveMs);
    if (request.signal?.aborted || budgetMs <= 0) {
      note("not asked, no time left in the call; lexical order kept");
      return lexicalOrder;
    }
    const shortlist = lexicalOrder.slice(0, this.shortlist);
    const controller = new AbortController();
    const timedOut = new DOMException(`timed out after ${Math.round(budgetMs)} ms`, "TimeoutError");
    const cancelTimer = this.#clock.setTimer(() => controller.abort(timedOut), budgetMs);
    const onCallAbort = () => controller.abort(request.signal?.reason);
    request.signal?.addEventListener("abort", onCallAbort, { once: true });
    const started = this.#clock.now();
    try {
      const asked = this.#order({
        query: request.query,
        documents: shortlist.map(modelText),
        candidates: shortlist,
        signal: controller.signal,
      });
      // A model that ignores its signal still loses the race: the call does not wait for it.
      const indices = await raceSignal(asked, controller.signal, () => {});
      note(
        `reordered the top ${shortlist.length} in ${Math.round(this.#clock.now() - started)} ms`,
      );
      return [...applyOrder(shortlist, indices), ...lexicalOrder.slice(shortlist.length)];
    } catch (error) {
      note(
        controller.signal.reason === timedOut
          ? `${timedOut.message}; lexical order kept`
          : controller.signal.aborted
            ? "cancelled with the call; lexical order kept"
            : `failed (${error instanceof Error ? error.name : "error"}); lexical order kept`,
      );
      return lexicalOrder;
    } finally {
      cancelTimer();
      request.signal?.removeEventListener("abort", onCallAbort);
    }
  }
}

/** What a model reads of a candidate: its title, then its snippet. */
export function modelText(candidate: RerankCandidate): string {
  return `${candidate.title}\n${candidate.snippet}`;
}

function applyOrder(
  shortlist: readonly RerankCandidate[],
  indices: readonly number[],
): RerankCandidate[] {
  const taken = new Set<number>();
  const ordered: RerankCandidate[] = [];
  for (const index of indices) {
    if (!Number.isInteger(index) || index < 0 || index >= shortlist.length || taken.has(index)) {
      continue;
    }
    taken.add(index);
    ordered.push(shortlist[index] as RerankCandidate);
  }
  for (const [index, candidate] of shortlist.entries())
    if (!taken.has(index)) ordered.push(candidate);
  return ordered;
}
