import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDocsSearch } from "../create-docs-search.js";
import { MemoryRefStore } from "../refs/memory-ref-store.js";
import { RetryBudget } from "../retry/retry-budget.js";
import {
  type AccessRule,
  type CorpusDocument,
  collectionIdFor,
  type FakeDocsService,
  loadCorpus,
  startFakeDocsService,
} from "../testing/index.js";

// One user's document in another user's answer is the second worst failure of this design.
// 1,000 calls from callers with different access, interleaved 50 at a time on one client and
// one ref store, over real HTTP; each answer is checked against its caller's own access rule.

const sampleCorpus = new URL("../testing/corpus/sample-corpus.jsonl", import.meta.url);
const corpus: CorpusDocument[] = loadCorpus(sampleCorpus);
const documentsById = new Map(corpus.map((document) => [document.id, document]));
const areaNames = ["runbooks", "policies", "api-reference", "onboarding"];

// Rules by area and by single collection (two collections per area), down to nothing at all.
const rules: Record<string, AccessRule> = {
  "sec-everything": {},
  "sec-no-policies": { deny: ["policies"] },
  "sec-runbooks-only": { allow: ["runbooks"] },
  "sec-half-api": { allow: [collectionIdFor("api-reference", 0), "onboarding"] },
  "sec-most-but-one": { deny: [collectionIdFor("runbooks", 1), collectionIdFor("policies", 0)] },
  "sec-nothing": { allow: [] },
};
const tokens = Object.keys(rules);

function readable(token: string): Set<string> {
  const rule = rules[token] ?? {};
  const allowed = new Set<string>();
  for (const area of areaNames)
    for (const index of [0, 1]) {
      const id = collectionIdFor(area, index);
      const named = (entries: string[] | undefined) =>
        entries?.some((entry) => entry === id || entry === area) ?? false;
      if (!named(rule.deny) && (rule.allow === undefined || named(rule.allow))) allowed.add(id);
    }
  return allowed;
}

const queries = [
  ...corpus.map((document) => document.title),
  "rotate keys 90 days",
  "laptop VPN first day",
  "rate limit 429 retry",
  "access review quarterly",
  "zeppelin xylophone",
];

let service: FakeDocsService;
beforeAll(async () => {
  service = await startFakeDocsService({ collectionsPerArea: 2, acl: rules });
});
afterAll(() => service.close());

describe("callers with different access, interleaved", () => {
  it("1,000 concurrent calls: 0 foreign documents in any answer", { timeout: 60_000 }, async () => {
    const refStore = new MemoryRefStore();
    const docs = createDocsSearch({
      baseUrl: service.url,
      areas: service.areas,
      refStore,
      retryBudget: new RetryBudget({ ratio: 0.2, floor: 100, windowMs: 10_000 }),
      // A loaded machine must not turn calls into deadline misses: the test counts answers.
      limits: { deadlineMs: 30_000 },
    });
    // Refs issued to anyone, reused by anyone: a ref grants nothing by itself.
    const issued: string[] = [];
    const violations: string[] = [];
    let results = 0;
    let crossReads = 0;
    let deniedReads = 0;

    const call = async (index: number) => {
      const token = tokens[(index * 7) % tokens.length] as string;
      const allowed = readable(token);
      const caller = { caller: { token } };
      if (index % 5 === 4 && issued.length > 0) {
        const ref = issued[(index * 13) % issued.length] as string;
        const target = await refStore.get(ref);
        const { output } = await docs.getDocument({ ref }, caller);
        crossReads++;
        // A burst of new connections can time out an attempt (the listen queue overflows and
        // the SYN is resent a second later): that is `unavailable`, never someone's content.
        if (target && !allowed.has(target.collectionId)) {
          if (output.status === "no_access") deniedReads++;
          else if (output.status !== "unavailable") {
            violations.push(`${token} read ${ref}: ${output.status}`);
          }
          if (output.content !== null || output.title !== null) {
            violations.push(`${token} was shown ${ref}`);
          }
        } else if (output.status !== "ok" && output.status !== "unavailable") {
          violations.push(`${token} could not read its own ${ref}: ${output.status}`);
        }
        return;
      }
      const query = queries[index % queries.length] as string;
      const area = index % 3 === 0 ? areaNames[index % areaNames.length] : undefined;
      const { output } = await docs.search(area ? { query, area } : { query }, caller);
      for (const result of output.results) {
        results++;
        issued.push(result.ref);
        const target = await refStore.get(result.ref);
        const document = target ? documentsById.get(target.documentId) : undefined;
        if (!target || !allowed.has(target.collectionId)) {
          violations.push(`${token} got ${result.ref} from ${target?.collectionId}`);
        }
        // The document really lives in the area the answer names, under the title it shows.
        if (document?.area !== result.area || document?.title !== result.title) {
          violations.push(`${result.ref} is not ${document?.area}/${document?.title}`);
        }
      }
      if (allowed.size === 0 && output.status === "ok") {
        violations.push(`${token} can read nothing but got ${output.status}`);
      }
    };

    let next = 0;
    const worker = async () => {
      while (next < 1000) await call(next++);
    };
    await Promise.all(Array.from({ length: 50 }, worker));

    expect(violations).toEqual([]);
    // The run exercised what it claims to: many results, and reads that had to be refused.
    expect(results).toBeGreaterThan(2000);
    expect(crossReads).toBeGreaterThan(150);
    expect(deniedReads).toBeGreaterThan(20);
  });
});
