import type { DocsSearch } from "../create-docs-search.js";
import type { DefaultTokens } from "./access-control-list.js";
import type { FakeDocsService } from "./fake-docs-service.js";

export type ContractToolName = "search_docs" | "get_document";

/** What the model reads back from one tool call: the result as text, or an error line. */
export interface ModelVisible {
  isError: boolean;
  text: string;
}

/** One tool call the model makes, as its own run. */
export interface ContractCall {
  tool: ContractToolName;
  /** The arguments exactly as the model sent them (the JSON value of the provider's arguments). */
  input?: unknown;
  /** Arguments that quote what the model read before, e.g. a ref from an earlier search. */
  inputFrom?: (earlier: readonly ModelVisible[]) => unknown;
  /** Whose credentials the call carries. Default `everything`. */
  as?: keyof DefaultTokens;
  /** Upstream trouble, set on the fake service just before this call. */
  faults?: (service: FakeDocsService) => void;
}

/** One row of the contract every adapter keeps: what the model sends, what it must read back. */
export interface ContractCase {
  name: string;
  /** The tools are built with `strict: true` (providers' strict modes). */
  strict?: boolean;
  /** Played in order on one docs search; the last call is the one judged. */
  calls: readonly ContractCall[];
  /**
   * What the model reads from the last call: a result with this status (byte for byte what core
   * itself answers, and exactly `text` when given), or exactly this error line, with no upstream
   * request.
   */
  expect: { status: string; text?: string } | { error: string };
  /** What the app gets beside it: never model-visible. */
  app?: { unauthorized: boolean; urls: "each ref" | "none" };
}

/** What an adapter observed for one call: the model's bytes and, when the call ran, the app's side. */
export interface ContractObservation {
  model: ModelVisible;
  app?: { urls: Record<string, string>; unauthorized: boolean };
}

/** Makes one tool call through a framework's runtime, the way a model would. */
export type ContractAdapter = (call: {
  docs: DocsSearch;
  tool: ContractToolName;
  input: unknown;
  caller: { token: string };
  strict: boolean;
}) => Promise<ContractObservation>;

/** A played case: what was observed of its last call, and the upstream requests that call made. */
export interface ContractRun extends ContractObservation {
  requests: number;
}

const search = (input: unknown, more: Partial<ContractCall> = {}): ContractCall => ({
  tool: "search_docs",
  input,
  ...more,
});
const read = (input: unknown): ContractCall => ({ tool: "get_document", input });
const readFirstHit = (more: Partial<ContractCall> = {}): ContractCall => ({
  tool: "get_document",
  inputFrom: (earlier) => ({ ref: JSON.parse(earlier.at(-1)?.text ?? "{}").results?.[0]?.ref }),
  ...more,
});
const reindexing =
  (area: string) =>
  (service: FakeDocsService): void => {
    for (const id of service.areas[area] ?? []) {
      service.setFault(id, { kind: "reindex", durationMs: 60_000 });
    }
  };
const invalid = (tool: ContractToolName, words: string) =>
  ({ error: `InvalidInputError: Invalid ${tool} input: ${words}.` }) as const;
const question = "rotate a service account key";
const areaEnum = '"runbooks", "policies", "api-reference", "onboarding"';
const huge = "x".repeat(50_000);

/**
 * The contract table, for the sample corpus of `startFakeDocsService()`. Each adapter's tests play
 * every row through its own framework (a real runtime, a scripted model) with
 * {@link playContractCase} and hold what the model reads to what {@link throughCore} gives.
 */
export const contractCases: readonly ContractCase[] = [
  {
    name: "search: ok",
    calls: [search({ query: question })],
    expect: { status: "ok" },
    app: { unauthorized: false, urls: "each ref" },
  },
  {
    name: "search: no_matches",
    calls: [search({ query: "zebra xylophone quasar" })],
    expect: {
      status: "no_matches",
      text: '{"results":[],"more_matches_exist":false,"status":"no_matches"}',
    },
    app: { unauthorized: false, urls: "none" },
  },
  {
    name: "search: unavailable (a collection is reindexing past its budget)",
    calls: [search({ query: question }, { faults: reindexing("runbooks") })],
    expect: { status: "unavailable" },
    app: { unauthorized: false, urls: "each ref" },
  },
  {
    name: "search: unavailable, and the app hears the backend refused the credentials (401)",
    calls: [
      search(
        { query: question },
        {
          faults: (service) => {
            for (const id of service.areas.runbooks ?? []) {
              service.setFault(id, { kind: "error", status: 401 });
            }
          },
        },
      ),
    ],
    expect: { status: "unavailable" },
    app: { unauthorized: true, urls: "each ref" },
  },
  {
    name: "search: a forbidden collection is left out silently",
    calls: [search({ query: "data retention policy" }, { as: "noPolicies" })],
    expect: { status: "ok" },
  },
  {
    name: "search: area null is omitted (searches every area)",
    calls: [search({ query: question, area: null })],
    expect: { status: "ok" },
  },
  {
    name: "search: strict, area omitted",
    strict: true,
    calls: [search({ query: question })],
    expect: { status: "ok" },
  },
  {
    name: "search: strict, area null",
    strict: true,
    calls: [search({ query: question, area: null })],
    expect: { status: "ok" },
  },
  {
    name: "search: unknown keys are ignored",
    calls: [search({ query: "vpn", page_size: 20, cursor: "abc" })],
    expect: { status: "ok" },
  },
  {
    name: "search: strict, unknown keys are ignored",
    strict: true,
    calls: [search({ query: "vpn", area: null, cursor: "abc" })],
    expect: { status: "ok" },
  },
  {
    name: "search: a 50,000-character unknown key is ignored, not echoed",
    calls: [search({ query: "vpn", notes: huge })],
    expect: { status: "ok" },
  },
  {
    name: "search: the query is trimmed",
    calls: [search({ query: `  ${question}\n` })],
    expect: { status: "ok" },
  },
  {
    name: "bad search: no query",
    calls: [search({ area: "runbooks" })],
    expect: invalid("search_docs", '"query" is required'),
  },
  {
    name: "bad search: empty arguments",
    calls: [search({})],
    expect: invalid("search_docs", '"query" is required'),
  },
  {
    name: "bad search: query null",
    calls: [search({ query: null })],
    expect: invalid("search_docs", '"query" is required'),
  },
  {
    name: "bad search: a blank query",
    calls: [search({ query: "   " })],
    expect: invalid("search_docs", '"query" must not be empty'),
  },
  {
    name: "bad search: a number for the query",
    calls: [search({ query: 42 })],
    expect: invalid("search_docs", '"query" must be a string'),
  },
  {
    name: "bad search: an array for the query",
    calls: [search({ query: ["vpn", "access"] })],
    expect: invalid("search_docs", '"query" must be a string'),
  },
  {
    name: "bad search: an object for the query",
    calls: [search({ query: { text: "vpn" } })],
    expect: invalid("search_docs", '"query" must be a string'),
  },
  {
    name: "bad search: a 50,000-character query",
    calls: [search({ query: huge })],
    expect: invalid("search_docs", '"query" must be at most 1000 characters'),
  },
  {
    name: "bad search: an area outside the enum",
    calls: [search({ query: "vpn", area: "hr" })],
    expect: invalid("search_docs", `"area" must be one of ${areaEnum}`),
  },
  {
    name: "bad search: a number for the area",
    calls: [search({ query: "vpn", area: 7 })],
    expect: invalid("search_docs", `"area" must be one of ${areaEnum}`),
  },
  {
    name: "bad search: a 50,000-character area",
    calls: [search({ query: "vpn", area: huge })],
    expect: invalid("search_docs", `"area" must be one of ${areaEnum}`),
  },
  {
    name: "bad search: the arguments as an array",
    calls: [search([{ query: "vpn" }])],
    expect: invalid("search_docs", '"input" must be an object'),
  },
  {
    name: "bad search: the arguments as a JSON string",
    calls: [search(JSON.stringify({ query: "vpn" }))],
    expect: invalid("search_docs", '"input" must be an object'),
  },
  {
    name: "get_document: ok",
    calls: [search({ query: question }), readFirstHit()],
    expect: { status: "ok" },
    app: { unauthorized: false, urls: "each ref" },
  },
  {
    name: "get_document: not_found for a ref it never issued",
    calls: [read({ ref: "runbooks/no-such-runbook#1" })],
    expect: {
      status: "not_found",
      text:
        '{"status":"not_found","ref":"runbooks/no-such-runbook#1","title":null,"area":null,' +
        '"updated":null,"content":null,"more_content_exists":false,"continue_ref":null}',
    },
    app: { unauthorized: false, urls: "none" },
  },
  {
    name: "get_document: no_access for a ref issued to someone who may read it",
    calls: [
      search({ query: "data retention policy", area: "policies" }),
      readFirstHit({ as: "noPolicies" }),
    ],
    expect: { status: "no_access" },
    app: { unauthorized: false, urls: "none" },
  },
  {
    name: "get_document: unavailable while its collection reindexes",
    // The ref is issued first; then its collection starts reindexing.
    calls: [search({ query: question }), readFirstHit({ faults: reindexing("runbooks") })],
    expect: { status: "unavailable" },
    app: { unauthorized: false, urls: "none" },
  },
  {
    name: "bad get_document: no ref",
    calls: [read({})],
    expect: invalid("get_document", '"ref" is required'),
  },
  {
    name: "bad get_document: ref null",
    calls: [read({ ref: null })],
    expect: invalid("get_document", '"ref" is required'),
  },
  {
    name: "bad get_document: a number for the ref",
    calls: [read({ ref: 7 })],
    expect: invalid("get_document", '"ref" must be a string'),
  },
  {
    name: "bad get_document: an array for the ref",
    calls: [read({ ref: ["runbooks/key-rotation#2"] })],
    expect: invalid("get_document", '"ref" must be a string'),
  },
  {
    // Any string this tool did not issue is not_found (DESIGN.md); only its start is echoed.
    name: "get_document: not_found for a 50,000-character ref, echoed cut",
    calls: [read({ ref: huge })],
    expect: {
      status: "not_found",
      text:
        `{"status":"not_found","ref":"${"x".repeat(199)}…","title":null,"area":null,` +
        '"updated":null,"content":null,"more_content_exists":false,"continue_ref":null}',
    },
    app: { unauthorized: false, urls: "none" },
  },
  {
    name: "bad get_document: the arguments as a JSON string",
    calls: [read(JSON.stringify({ ref: "runbooks/key-rotation#2" }))],
    expect: invalid("get_document", '"input" must be an object'),
  },
];
