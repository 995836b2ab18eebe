import { describe, expect, it } from "vitest";
import { createDocsSearch } from "../create-docs-search.js";
import { EvalQueryError } from "../errors/eval-query-error.js";
import { MemoryRefStore } from "../refs/memory-ref-store.js";
import { type MemoryDocument, memoryBackend } from "../testing/memory-backend.js";
import { checkGates } from "./check-gates.js";
import { compareRetrieval } from "./compare-retrieval.js";
import { compareToBaseline } from "./compare-to-baseline.js";
import { evaluateRetrieval } from "./evaluate-retrieval.js";
import { parseEvalQueries } from "./parse-eval-queries.js";
import { renderRetrievalTable } from "./render-retrieval-table.js";

const runbooks: MemoryDocument[] = [
  {
    id: "doc-rotate",
    title: "Key rotation",
    slug: "key-rotation",
    sections: [
      { heading: "Overview", body: "Service account keys expire after ninety days." },
      { heading: "Rotate the key", body: "Create a new key, deploy it, then revoke the old key." },
    ],
  },
  {
    id: "doc-certs",
    title: "Certificate renewal",
    slug: "certificate-renewal",
    sections: [{ heading: "Renew", body: "Renew the TLS certificate with certbot before expiry." }],
  },
];
const policies: MemoryDocument[] = [
  {
    id: "doc-leave",
    title: "Parental leave",
    slug: "parental-leave",
    sections: [{ heading: "Eligibility", body: "Employees get sixteen weeks of parental leave." }],
  },
];

function setup(failures?: Parameters<typeof memoryBackend>[0]["failures"]) {
  const refStore = new MemoryRefStore();
  const docs = createDocsSearch({
    backend: memoryBackend({
      collections: { "c-runbooks": runbooks, "c-policies": policies },
      ...(failures ? { failures } : {}),
    }),
    areas: { runbooks: ["c-runbooks"], policies: ["c-policies"] },
    refStore,
    portalUrl: "https://docs.example.test",
    retry: { transientAttempts: 1 },
  });
  return { docs, refStore, caller: { token: "reader" } };
}

const lines = [
  {
    query: "rotate a service account key",
    area: "runbooks",
    expect: ["runbooks/key-rotation#2"],
    tags: ["howto"],
  },
  // The same document named by id, by folder path and by URL.
  { query: "renew the tls certificate", expect: ["doc-certs"], tags: ["howto"] },
  { query: "certbot renew", expect: ["runbooks/certificate-renewal.md"] },
  {
    query: "parental leave weeks",
    area: "policies",
    expect: ["https://docs.example.test/policies/parental-leave#1"],
  },
  // Found, but at the wrong section: a document-level hit, a section-level miss.
  { query: "service account keys expire", area: "runbooks", expect: ["runbooks/key-rotation#2"] },
  { query: "how do I bake sourdough", expect: [], tags: ["no-answer"] },
  { query: "parental leave", area: "runbooks", expect: ["policies/parental-leave"] },
];

describe("evaluateRetrieval", () => {
  it("judges refs in order by ref, document id, path and URL, at document and section level", async () => {
    const { docs, refStore, caller } = setup();
    const report = await evaluateRetrieval(docs, lines, { caller, refStore });
    const byQuery = Object.fromEntries(report.queries.map((outcome) => [outcome.query, outcome]));
    expect(byQuery["rotate a service account key"]?.scores).toMatchObject({
      recall: 1,
      sectionRecall: 1,
    });
    expect(byQuery["renew the tls certificate"]?.found).toEqual(["doc-certs"]);
    expect(byQuery["certbot renew"]?.found).toEqual(["runbooks/certificate-renewal.md"]);
    expect(byQuery["parental leave weeks"]?.scores).toMatchObject({ recall: 1, sectionRecall: 1 });
    expect(byQuery["service account keys expire"]?.scores?.recall).toBe(1);
    expect(byQuery["how do I bake sourdough"]?.status).toBe("no_matches");
    expect(byQuery["parental leave"]?.missing).toEqual(["policies/parental-leave"]);

    expect(report.overall.calls).toBe(7);
    expect(report.overall.queries).toBe(6);
    expect(report.overall.recallAt8).toBeCloseTo(5 / 6, 10);
    expect(report.overall.noAnswer).toEqual({ queries: 1, noMatches: 1, rate: 1 });
    expect(report.overall.unavailable).toEqual({ calls: 0, reasons: {} });
    expect(Object.keys(report.byArea)).toEqual(["(every area)", "policies", "runbooks"]);
    expect(report.byTag.howto?.recallAt8).toBe(1);
    expect(report.misses).toEqual([
      expect.objectContaining({ query: "parental leave", missing: ["policies/parental-leave"] }),
    ]);
    expect(report.collections["c-runbooks"]?.walks).toBeGreaterThan(0);
  });

  it("without the ref store, a document id cannot be matched: refs, paths and URLs still are", async () => {
    const { docs, caller } = setup();
    const report = await evaluateRetrieval(docs, lines.slice(0, 3), { caller });
    expect(report.queries.map((outcome) => outcome.found.length)).toEqual([1, 0, 1]);
  });

  it("counts an outage as unavailable calls with the trace's reasons, never as misses", async () => {
    const { docs, refStore, caller } = setup({ "c-runbooks": { kind: "transient" } });
    const report = await evaluateRetrieval(docs, lines, { caller, refStore });
    // Every question that searched runbooks (its own area, or every area) is unavailable.
    expect(report.overall.unavailable.calls).toBe(6);
    expect(Object.values(report.overall.unavailable.reasons)).toEqual([6]);
    // Only the policies questions were answered, and are scored.
    expect(report.overall.queries).toBe(1);
    expect(report.overall.recallAt8).toBe(1);
    expect(report.misses).toEqual([]);
    const [kind] = Object.keys(report.overall.unavailable.reasons);
    expect(checkGates(report, { maxUnavailable: 0, minRecall: 0.9 })).toEqual([
      `6 unavailable calls (${kind} 6) is above --max-unavailable 0`,
    ]);
    expect(renderRetrievalTable({ only: report })).toContain(
      "Unavailable: 6 call(s), not counted as misses",
    );
  });

  it("breaks a gate per line, and holds when the figures do", async () => {
    const { docs, refStore, caller } = setup();
    const report = await evaluateRetrieval(docs, lines, { caller, refStore });
    expect(checkGates(report, { minRecall: 0.9, minMrr: 0.99, maxUnavailable: 0 })).toEqual([
      "recall@8 0.833 is below --min-recall 0.9",
      `MRR@8 ${report.overall.mrrAt8.toFixed(3)} is below --min-mrr 0.99`,
    ]);
    expect(checkGates(report, { minRecall: 0.8 })).toEqual([]);
  });

  it("lists what a change fixed and broke against a baseline, and the drops past the tolerance", async () => {
    const { docs, refStore, caller } = setup();
    const before = await evaluateRetrieval(docs, lines, { caller, refStore });
    const edited = lines.map((line) =>
      line.query === "parental leave"
        ? { ...line, area: "policies" }
        : line.query === "certbot renew"
          ? { ...line, expect: ["runbooks/key-rotation"] }
          : line,
    );
    // The same ids as before: an id pins a question across edits of its text or area.
    const withIds = (set: typeof lines) => set.map((line, index) => ({ ...line, id: `q${index}` }));
    const first = await evaluateRetrieval(docs, withIds(lines), { caller, refStore });
    const second = await evaluateRetrieval(docs, withIds(edited), { caller, refStore });
    const comparison = compareToBaseline(second, first);
    expect(comparison.fixed.map((change) => change.id)).toEqual(["q6"]);
    expect(comparison.broken.map((change) => change.id)).toEqual(["q2"]);
    expect(comparison.drops).toEqual([]);
    expect(compareToBaseline(before, before).drops).toEqual([]);
    const worse = await evaluateRetrieval(
      docs,
      withIds(
        lines.map((line) => (line.query === "certbot renew" ? { ...line, expect: ["x/y"] } : line)),
      ),
      { caller, refStore },
    );
    const drop = compareToBaseline(worse, first, { tolerance: 0.1 });
    expect(drop.drops.map((entry) => entry.figure)).toEqual(["recall@8", "MRR@8", "nDCG@8"]);
    expect(compareToBaseline(worse, first, { tolerance: 0.2 }).drops).toEqual([]);
  });

  it("runs two setups alternating, one report each", async () => {
    const healthy = setup();
    const down = setup({ "c-policies": { kind: "overloaded" } });
    const order: string[] = [];
    const reports = await compareRetrieval(
      { healthy: healthy, down: down },
      parseEvalQueries(lines),
      { concurrency: 1, onProgress: ({ done }) => order.push(String(done)) },
    );
    expect(order).toHaveLength(lines.length * 2);
    expect(reports.healthy.overall.unavailable.calls).toBe(0);
    expect(reports.down.overall.unavailable.calls).toBe(4);
    expect(renderRetrievalTable(reports)).toMatch(/all · difference/);
  });

  it("refuses a drafted set unless allowed, and an unknown area, before asking anything", async () => {
    const { docs, caller } = setup();
    const asked: string[] = [];
    const drafted = parseEvalQueries(
      `{"search_docs_eval":"drafted"}\n{"query":"rotate","expect":["runbooks/key-rotation"]}\n`,
      "draft.jsonl",
    );
    await expect(evaluateRetrieval(docs, drafted, { caller })).rejects.toThrow(
      /^draft\.jsonl:1: this set was drafted/,
    );
    const allowed = await evaluateRetrieval(docs, drafted, { caller, allowDrafted: true });
    expect(allowed.drafted).toBe(true);
    expect(renderRetrievalTable({ only: allowed })).toMatch(/^DRAFTED QUESTIONS/);
    const unknownArea = parseEvalQueries(
      `{"query":"a","expect":[]}\n{"query":"b","area":"blog","expect":[]}\n`,
      "q.jsonl",
    );
    const error = await evaluateRetrieval(docs, unknownArea, {
      caller,
      onProgress: () => asked.push("asked"),
    }).catch((caught: unknown) => caught);
    expect(EvalQueryError.isInstance(error)).toBe(true);
    expect((error as EvalQueryError).line).toBe(2);
    expect(asked).toEqual([]);
  });

  it("keeps concurrency within the backend's in-flight bound", async () => {
    const { docs, caller } = setup();
    let inFlight = 0;
    let most = 0;
    const counting = {
      ...docs,
      search: async (...args: Parameters<typeof docs.search>) => {
        inFlight += 1;
        most = Math.max(most, inFlight);
        try {
          return await docs.search(...args);
        } finally {
          inFlight -= 1;
        }
      },
    };
    await evaluateRetrieval(counting, lines, { caller, concurrency: 6, maxInFlight: 2 });
    expect(most).toBe(2);
  });
});
