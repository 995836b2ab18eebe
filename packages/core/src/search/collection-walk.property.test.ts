import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createDocsSearch } from "../create-docs-search.js";
import { RetryBudget } from "../retry/retry-budget.js";

// The paging loop against arbitrary backends: each collection answers from a generated script
// (the n-th request gets the n-th step), so cursors, versions, faults and pages arrive in any
// order. An oracle reads only what was served (requests and responses), never the client's
// state, and says what the status must be (DESIGN.md section 1).

const areas = {
  alpha: ["col-a1", "col-a2"],
  beta: ["col-b1"],
} as const;
const collectionIds: string[] = Object.values(areas).flat();

type Item = {
  document_id: string;
  title: string;
  score: number;
  snippet: string;
  section?: number | string | null;
  slug?: string | null;
  updated_at?: string | null;
};

type Step =
  | {
      kind: "page";
      items: Item[];
      hasMore: boolean;
      nextCursor: "fresh" | "repeat" | "null" | "missing" | "empty";
      version: number | null | undefined;
    }
  | { kind: "status"; status: number; retryAfter?: string }
  | { kind: "malformed"; body: string }
  | { kind: "network" };

/** What one request was and what the fake backend served for it. */
interface Served {
  cursor: string | undefined;
  step: Step;
  /** The page as served (after the cursor was chosen), for page steps. */
  page?: {
    items: Item[];
    has_more: boolean;
    next_cursor: string | null | undefined;
    version: number | null | undefined;
  };
}

const hugeSnippet = fc
  .tuple(fc.string({ maxLength: 20 }), fc.integer({ min: 1000, max: 6000 }))
  .map(([word, times]) => `${word} `.repeat(times));

const itemArbitrary: fc.Arbitrary<Item> = fc.record(
  {
    // A small pool of ids, so duplicates within and across pages are common.
    document_id: fc.constantFrom("doc-1", "doc-2", "doc-3", "doc-4", "doc-5"),
    title: fc.oneof(fc.constantFrom("Key rotation", "Key rotation", "On-call"), fc.string()),
    // Out of order, negative, tiny and huge: the backend's scores are not trusted to be sorted.
    score: fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e6, max: 1e6 }),
    snippet: fc.oneof({ weight: 4, arbitrary: fc.string() }, { weight: 1, arbitrary: hugeSnippet }),
    section: fc.oneof(
      fc.constant(null),
      fc.integer({ min: 0, max: 3 }),
      fc.constantFrom("0", "1", "intro", "step-2"),
    ),
    slug: fc.oneof(fc.constant(null), fc.constantFrom("key-rotation", "Key Rotation!", "")),
    updated_at: fc.oneof(fc.constant(null), fc.constantFrom("2025-03-02T00:00:00Z", "yesterday")),
  },
  { requiredKeys: ["document_id", "title", "score", "snippet"] },
);

const stepArbitrary: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 8,
    arbitrary: fc.record({
      kind: fc.constant("page" as const),
      items: fc.array(itemArbitrary, { maxLength: 8 }),
      hasMore: fc.boolean(),
      nextCursor: fc.constantFrom("fresh", "fresh", "fresh", "repeat", "null", "missing", "empty"),
      // Mostly stable, sometimes flipping, sometimes absent.
      version: fc.oneof(
        { weight: 6, arbitrary: fc.constant(1) },
        { weight: 1, arbitrary: fc.constant(2) },
        { weight: 1, arbitrary: fc.constant(null) },
        { weight: 1, arbitrary: fc.constant(undefined) },
      ),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record(
      {
        kind: fc.constant("status" as const),
        status: fc.constantFrom(400, 401, 403, 404, 409, 418, 429, 500, 503),
        retryAfter: fc.constantFrom("0", "1", "soon"),
      },
      { requiredKeys: ["kind", "status"] },
    ),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant("malformed" as const),
      body: fc.constantFrom(
        '{"items": [',
        '{"results": []}',
        '{"items": [{"title": "no id"}], "has_more": false}',
        '{"items": [], "has_more": "no"}',
        "null",
        "<html>502 Bad Gateway</html>",
      ),
    }),
  },
  { weight: 1, arbitrary: fc.constant({ kind: "network" as const }) },
);

const scenarioArbitrary = fc.record({
  scripts: fc.tuple(...collectionIds.map(() => fc.array(stepArbitrary, { maxLength: 9 }))),
  area: fc.constantFrom(undefined, "alpha", "beta"),
  maxUpstreamPages: fc.integer({ min: 1, max: 6 }),
  mode: fc.constantFrom("adaptive" as const, "exhaustive" as const),
});

type Scenario = typeof scenarioArbitrary extends fc.Arbitrary<infer Value> ? Value : never;

/** A `fetch` that serves each collection's script in request order and records what it served. */
function scriptedBackend(scenario: Scenario) {
  const served = new Map<string, Served[]>(collectionIds.map((id) => [id, []]));
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const url = new URL(request.url);
    const collectionId = decodeURIComponent(url.pathname.split("/")[3] ?? "");
    const log = served.get(collectionId);
    if (!log) return new Response("{}", { status: 404 });
    const index = collectionIds.indexOf(collectionId);
    const step: Step = scenario.scripts[index]?.[log.length] ?? { kind: "status", status: 404 };
    const cursor = url.searchParams.get("cursor") ?? undefined;
    const entry: Served = { cursor, step };
    log.push(entry);
    switch (step.kind) {
      case "network":
        throw new TypeError("fetch failed");
      case "malformed":
        return new Response(step.body, { status: 200 });
      case "status":
        return Response.json(
          { error: "scripted" },
          {
            status: step.status,
            headers: step.retryAfter === undefined ? {} : { "retry-after": step.retryAfter },
          },
        );
      case "page": {
        const previous = [...log]
          .slice(0, -1)
          .reverse()
          .find((earlier) => typeof earlier.page?.next_cursor === "string")?.page?.next_cursor;
        const fresh = `cursor-${collectionId}-${log.length}`;
        const next_cursor = {
          fresh,
          repeat: previous ?? fresh,
          null: null,
          missing: undefined,
          empty: "",
        }[step.nextCursor];
        entry.page = {
          items: step.items,
          has_more: step.hasMore,
          next_cursor,
          version: step.version,
        };
        const body: Record<string, unknown> = { items: step.items, has_more: step.hasMore };
        if (next_cursor !== undefined) body.next_cursor = next_cursor;
        if (step.version !== undefined) body.collection_version = step.version;
        return Response.json(body);
      }
    }
  };
  return { fetch, served };
}

type OracleOutcome = "answered" | "forbidden" | "failed";

/**
 * What a collection's walk came to, read from the served log alone: any 403 drops it; otherwise
 * it answered when its last response was a 404, a valid page, or a 400 for a cursor (the
 * collection changed under the walk again: it answers from the pages read at one version);
 * anything else (a fault, a 400 for the query itself, a malformed body) is a failure.
 */
function oracleOutcome(log: readonly Served[]): OracleOutcome {
  if (log.some((entry) => entry.step.kind === "status" && entry.step.status === 403)) {
    return "forbidden";
  }
  const last = log.at(-1);
  if (last === undefined) return "failed";
  if (last.step.kind === "status") {
    if (last.step.status === 404) return "answered";
    return last.step.status === 400 && last.cursor !== undefined ? "answered" : "failed";
  }
  return last.step.kind === "page" ? "answered" : "failed";
}

/**
 * Whether the walk ended because the collection changed under it and could not restart: the
 * last page moved `collection_version` (that page is dropped), or the last cursor was rejected.
 */
function changedAtEnd(segment: readonly Served[]): boolean {
  const last = segment.at(-1);
  if (last?.step.kind === "status") return last.step.status === 400 && last.cursor !== undefined;
  const previousVersion = segment
    .slice(0, -1)
    .filter((entry) => entry.page)
    .at(-1)?.page?.version;
  const version = last?.page?.version;
  return (
    typeof previousVersion === "number" &&
    typeof version === "number" &&
    previousVersion !== version
  );
}

/** The requests since the walk last started from page one (a request without a cursor). */
function segmentOf(log: readonly Served[]): Served[] {
  let start = 0;
  log.forEach((entry, index) => {
    const previous = log[index - 1];
    const restarted =
      entry.cursor === undefined &&
      previous !== undefined &&
      (previous.page !== undefined ||
        (previous.step.kind === "status" && previous.step.status === 400));
    if (restarted) start = index;
  });
  return log.slice(start);
}

function restarts(log: readonly Served[]): number {
  return log.filter((entry, index) => {
    const previous = log[index - 1];
    return (
      entry.cursor === undefined &&
      previous !== undefined &&
      (previous.page !== undefined ||
        (previous.step.kind === "status" && previous.step.status === 400))
    );
  }).length;
}

const hitKey = (collectionId: string, item: Item) =>
  `${collectionId}|${item.document_id}|${String(item.section ?? "")}`;

function makeDocs(scenario: Scenario, fetch: typeof globalThis.fetch) {
  return createDocsSearch({
    baseUrl: "http://backend.test",
    areas: { alpha: [...areas.alpha], beta: [...areas.beta] },
    fetch,
    // No real waiting: backoff is a fraction of a millisecond, the 409 budget a few.
    retry: { baseDelayMs: 1, maxDelayMs: 2, conflictBaseDelayMs: 1, attemptTimeoutMs: 5000 },
    limits: { maxUpstreamPages: scenario.maxUpstreamPages, conflictWaitMs: 4, deadlineMs: 900 },
    paging: { mode: scenario.mode },
    retryBudget: new RetryBudget({ ratio: 1, floor: 10_000, windowMs: 60_000 }),
    random: () => 0.5,
  });
}

describe("the paging loop over arbitrary page sequences (property)", () => {
  it("terminates within the page cap, returns no duplicate refs, and its status follows the served responses", async () => {
    await fc.assert(
      fc.asyncProperty(scenarioArbitrary, async (scenario) => {
        const { fetch, served } = scriptedBackend(scenario);
        const docs = makeDocs(scenario, fetch);
        const { output, trace } = await docs.search(
          scenario.area === undefined
            ? { query: "rotate keys" }
            : { query: "rotate keys", area: scenario.area },
          { caller: { token: "property-token" } },
        );

        const inScope = scenario.area === undefined ? collectionIds : [...areas[scenario.area]];
        const outcomes = inScope.map((id) => oracleOutcome(served.get(id) ?? []));
        for (const id of collectionIds) {
          const log = served.get(id) ?? [];
          if (!inScope.includes(id)) expect(log).toHaveLength(0);
          // The page cap holds across a restart: pages already fetched count toward it.
          expect(log.filter((entry) => entry.page).length).toBeLessThanOrEqual(
            scenario.maxUpstreamPages,
          );
          // A collection that changes under the walk is restarted at most once.
          expect(restarts(log)).toBeLessThanOrEqual(1);
          // A cursor goes back verbatim: the one the latest page of this walk handed out.
          log.forEach((entry, index) => {
            if (entry.cursor === undefined) return;
            const latest = segmentOf(log.slice(0, index))
              .filter((earlier) => earlier.page)
              .at(-1);
            expect(entry.cursor).toBe(latest?.page?.next_cursor);
          });
        }

        // Status: the total function of DESIGN.md section 1, over the oracle's outcomes.
        const failed = outcomes.includes("failed");
        const expectedStatus = failed
          ? "unavailable"
          : output.results.length > 0
            ? "ok"
            : "no_matches";
        expect(output.status).toBe(expectedStatus);
        expect(trace.status).toBe(output.status);
        if (failed) expect(output.more_matches_exist).toBe(true);

        // Nothing lost: with every collection answered, the results are the distinct hits of the
        // final walk of each readable collection, cut to the cap.
        if (!failed) {
          const kept = new Set<string>();
          let stoppedWithMore = false;
          inScope.forEach((id, index) => {
            if (outcomes[index] === "forbidden") return;
            const segment = segmentOf(served.get(id) ?? []);
            const changed = changedAtEnd(segment);
            // A page that moved the version is dropped: the answer is one version's pages.
            const read = changed && segment.at(-1)?.page ? segment.slice(0, -1) : segment;
            for (const entry of read)
              for (const item of entry.page?.items ?? []) kept.add(hitKey(id, item));
            const lastPage = segment.at(-1)?.page;
            if (lastPage?.has_more || changed) stoppedWithMore = true;
          });
          // At most `sectionsPerDocument` (4) passages of one document: a long page does not
          // fill every slot; what the cap leaves out still counts as more.
          const perDocument = new Map<string, number>();
          for (const key of kept) {
            const document = key.slice(0, key.lastIndexOf("|"));
            perDocument.set(document, (perDocument.get(document) ?? 0) + 1);
          }
          const answerable = [...perDocument.values()].reduce(
            (sum, count) => sum + Math.min(count, 4),
            0,
          );
          const expectedLength = Math.min(8, answerable);
          expect(output.results).toHaveLength(expectedLength);
          expect(output.more_matches_exist).toBe(stoppedWithMore || kept.size > expectedLength);
        }

        const refs = output.results.map((result) => result.ref);
        expect(new Set(refs).size).toBe(refs.length);
        for (const result of output.results) {
          expect(result.passage.length).toBeLessThanOrEqual(docs.limits.passageChars);
          expect(result.title.length).toBeLessThanOrEqual(200);
          expect(Object.keys(areas)).toContain(result.area);
        }
      }),
      { numRuns: 200 },
    );
  });

  it("a collection that keeps changing restarts once, then answers from one version's pages, more_matches_exist", async () => {
    await fc.assert(
      fc.asyncProperty(
        // Four pages at least: the pages read before the restart count toward the cap.
        fc.integer({ min: 4, max: 6 }),
        fc.boolean(),
        async (maxUpstreamPages, byCursor) => {
          // Every second page moves the version (or rejects the cursor): the walk can never finish.
          const page = (version: number): Step => ({
            kind: "page",
            items: [
              {
                document_id: `doc-v${version}`,
                title: `Read at version ${version}`,
                score: 1,
                snippet: "rotate keys",
              },
            ],
            hasMore: true,
            nextCursor: "fresh",
            version,
          });
          const change: Step = byCursor ? { kind: "status", status: 400 } : page(2);
          const script = [page(1), change, page(3), byCursor ? change : page(4), page(5), page(6)];
          const scenario: Scenario = {
            scripts: [script, [], []],
            area: "alpha",
            maxUpstreamPages,
            mode: "exhaustive",
          };
          const { fetch, served } = scriptedBackend(scenario);
          const { output, trace } = await makeDocs(scenario, fetch).search(
            { query: "rotate", area: "alpha" },
            { caller: { token: "property-token" } },
          );
          // It answered: a collection rewritten under the walk is not down.
          expect(output.status).toBe("ok");
          expect(output.more_matches_exist).toBe(true);
          expect(output.results.map((result) => result.title)).toEqual(["Read at version 3"]);
          expect(restarts(served.get("col-a1") ?? [])).toBe(1);
          expect(served.get("col-a1")?.map((entry) => entry.cursor === undefined)).toEqual([
            true,
            false,
            true,
            false,
          ]);
          const walk = trace.collections.find((collection) => collection.collectionId === "col-a1");
          expect(walk?.stop).toBe("version_changed");
          expect(walk?.reason).toMatch(
            byCursor ? /cursor was rejected again/ : /collection_version changed mid-walk again/,
          );
        },
      ),
      { numRuns: 20 },
    );
  });
});
