import type { AccessControlList, DefaultTokens } from "./access-control-list.js";
import type { CorpusDocument } from "./corpus-document.js";
import type { Fault } from "./fault.js";
import type { LatencyModel } from "./latency-model.js";
import type { RecordedRequest } from "./recorded-request.js";
import type { SectionRanking } from "./section-index.js";

/** Options of {@link FakeDocsService}; every one is optional. */
export interface FakeDocsServiceOptions {
  /**
   * A `.jsonl` file (path or `file:` URL) or the records themselves. Default: the sample corpus
   * shipped with this package (runbooks, policies, api-reference, onboarding).
   */
  corpus?: string | URL | readonly CorpusDocument[];
  /** How many collections each area is split into, by a hash of the document id. Default 1. */
  collectionsPerArea?: number;
  /**
   * BM25 parameters of the first-stage ranker (section text only, per collection). Default
   * k1 1.2, b 0.75; a benchmark can mimic another backend's ranker with them.
   */
  ranking?: Partial<SectionRanking>;
  /**
   * Extra access rules by token, added to the default ones (`service.tokens`); an entry for a
   * default token replaces its rule. Entries must name areas or collection ids of this service.
   */
  acl?: AccessControlList;
  /** Delay before every answer. Default: none. */
  latency?: LatencyModel;
  /** Seed of the PRNG behind latency and probabilistic faults. Default 1. */
  seed?: number;
  /** Default "127.0.0.1". */
  host?: string;
  /** Default 0: any free port. */
  port?: number;
  /** Faults set from the start, by collection id. */
  faults?: Record<string, Fault>;
}

/** A running fake docs service speaking the v2 wire (DESIGN.md section 2) over real HTTP. */
export interface FakeDocsService {
  /** Base URL, e.g. "http://127.0.0.1:54321"; the v2 API lives under it. */
  readonly url: string;
  /**
   * Another origin, the target of `redirect` faults (`to: "other-origin"`): every request that
   * reaches it is in `requests` with `elsewhere: true`, so a test can assert that none did.
   */
  readonly elsewhereUrl: string;
  /** Collection ids by area name, areas in corpus order. */
  readonly areas: Readonly<Record<string, readonly string[]>>;
  /** Tokens of the default access rules. */
  readonly tokens: Readonly<DefaultTokens>;
  /** Every request answered (or reset, or abandoned) so far, in that order. */
  readonly requests: readonly RecordedRequest[];
  /** Sets (replacing any other) or, with undefined, clears the fault of one collection. */
  setFault(collectionId: string, fault: Fault | undefined): void;
  /** Clears the fault of every collection. */
  clearFaults(): void;
  /** Replaces the latency model from the next request on; undefined removes it. */
  setLatency(model: LatencyModel | undefined): void;
  clearRequests(): void;
  /** Stops listening and closes every connection, keep-alive ones included. */
  close(): Promise<void>;
}
