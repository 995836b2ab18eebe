import type { ResolvedFolderOptions } from "./folder-options.js";
import { buildIndex } from "./index-folder.js";
import type { IndexRunOptions, IndexSummary } from "./index-summary.js";

// A failed indexing run is tried again by a call this long after it failed, not by every call.
const retryFailedBuildMs = 5_000;

/** How an index is (re)built: the run. The folder's by default; a crawl's for a site. */
export type IndexBuild = (run: IndexRunOptions) => Promise<IndexSummary>;

/**
 * The backend's indexing runs: at most one at a time, started by `refresh()` or, with `autoIndex`,
 * by a call once the last run is older than `refreshAfterMs` (a failed one after a few seconds);
 * searches keep reading the index in place meanwhile.
 */
export class IndexRefresher {
  readonly #options: ResolvedFolderOptions;
  readonly #refreshAfterMs: number;
  readonly #build: IndexBuild;
  #running: Promise<IndexSummary> | undefined;
  #last: IndexSummary | undefined;
  #lastRunAt = Number.NEGATIVE_INFINITY;
  #lastError: unknown;

  constructor(options: ResolvedFolderOptions, refreshAfterMs: number, build?: IndexBuild) {
    this.#options = options;
    this.#refreshAfterMs = refreshAfterMs;
    this.#build = build ?? ((run) => buildIndex(options, run));
  }

  /** Whether a run is under way. */
  get running(): boolean {
    return this.#running !== undefined;
  }

  /** The last run's summary, once one finished. */
  get last(): IndexSummary | undefined {
    return this.#last;
  }

  /** Why the last run failed, when it did (cleared by a run that succeeds). */
  get lastError(): unknown {
    return this.#lastError;
  }

  refresh(run: IndexRunOptions = {}): Promise<IndexSummary> {
    if (this.#running !== undefined) return this.#running;
    this.#lastRunAt = Date.now();
    const running = this.#build(run).then(
      (summary) => {
        this.#last = summary;
        this.#lastError = undefined;
        return summary;
      },
      (error: unknown) => {
        this.#lastError = error;
        throw error;
      },
    );
    this.#running = running;
    const clear = () => {
      if (this.#running === running) this.#running = undefined;
      this.#lastRunAt = Date.now();
    };
    running.then(clear, clear);
    return running;
  }

  /** Starts a run in the background (with `autoIndex`); its error is kept, reported by the calls. */
  refreshSoon(): void {
    if (this.#options.autoIndex) void this.refresh().catch(() => {});
  }

  /** Starts a run when one is due: none yet, the last failed a while ago, or it is old. */
  refreshWhenDue(): void {
    if (!this.#options.autoIndex || this.#running !== undefined) return;
    const since = Date.now() - this.#lastRunAt;
    const due =
      this.#last === undefined && this.#lastError === undefined
        ? true
        : this.#lastError !== undefined
          ? since >= retryFailedBuildMs
          : this.#refreshAfterMs > 0 && since >= this.#refreshAfterMs;
    if (due) this.refreshSoon();
  }
}
