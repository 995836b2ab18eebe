import fc from "fast-check";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createDocsSearch } from "../create-docs-search.js";
import { MemoryRefStore } from "../refs/memory-ref-store.js";
import { RetryBudget } from "../retry/retry-budget.js";
import { type FakeDocsService, startFakeDocsService } from "../testing/index.js";

// A ref grants nothing: get_document always reads as the current caller, and a string this tool
// did not issue (forged, edited, malformed) is not_found without a single upstream request.

let service: FakeDocsService;
let refStore: MemoryRefStore;
let issued: string[];

function makeDocs() {
  return createDocsSearch({
    baseUrl: service.url,
    areas: service.areas,
    refStore,
    retryBudget: new RetryBudget({ ratio: 0.2, floor: 100, windowMs: 10_000 }),
  });
}

beforeAll(async () => {
  service = await startFakeDocsService();
  refStore = new MemoryRefStore();
  const docs = makeDocs();
  const everything = { caller: { token: service.tokens.everything } };
  issued = [];
  for (const query of ["rotate keys", "access review", "rate limits", "laptop VPN", "incident"]) {
    const { output } = await docs.search({ query }, everything);
    issued.push(...output.results.map((result) => result.ref));
  }
});
afterAll(() => service.close());
beforeEach(() => service.clearRequests());

describe("a ref issued to one caller, used by another", () => {
  it("no_access and no content, read with the second caller's own credentials", async () => {
    const docs = makeDocs();
    const policyRefs = issued.filter((ref) => ref.startsWith("policies/"));
    expect(policyRefs.length).toBeGreaterThan(0);
    for (const ref of policyRefs) {
      service.clearRequests();
      const { output } = await docs.getDocument(
        { ref },
        { caller: { token: service.tokens.runbooksOnly } },
      );
      expect(output).toEqual({
        status: "no_access",
        ref,
        title: null,
        area: null,
        updated: null,
        content: null,
        more_content_exists: false,
        continue_ref: null,
      });
      expect(service.requests.map((request) => [request.token, request.status])).toEqual([
        [service.tokens.runbooksOnly, 403],
      ]);
    }
  });
});

describe("forged and malformed refs (property)", () => {
  const areas = ["runbooks", "policies", "api-reference", "onboarding", "secrets", "RUNBOOKS"];
  const edits: ((ref: string) => string)[] = [
    (ref) => `${ref}0`,
    (ref) => ref.replace(/#.*$/, "#999"),
    (ref) => `${ref}#1`,
    (ref) => ref.toUpperCase(),
    (ref) => ` ${ref}`,
    (ref) => `${ref}\n`,
    (ref) => ref.replace("-", "\u2010"),
    (ref) => ref.replace("/", "%2F"),
    (ref) => `${ref}/`,
    (ref) => `../${ref}`,
    (ref) => ref.replace(/^[^/]+/, "policies"),
    (ref) => ref.replace(/^[^/]+/, "runbooks"),
  ];
  const forgery = fc.oneof(
    fc.string(),
    fc.string({ unit: "binary", maxLength: 80 }),
    fc
      .tuple(
        fc.constantFrom(...areas),
        fc.stringMatching(/^[a-z0-9][a-z0-9-]{0,30}$/),
        fc.option(fc.stringMatching(/^[A-Za-z0-9_-]{1,4}$/), { nil: undefined }),
      )
      .map(
        ([area, slug, section]) => `${area}/${slug}${section === undefined ? "" : `#${section}`}`,
      ),
    fc
      .tuple(fc.nat(), fc.nat({ max: edits.length - 1 }))
      .map(([index, edit]) =>
        (edits[edit] as (ref: string) => string)(issued[index % issued.length] as string),
      ),
    fc.constantFrom("", "/", "#", "runbooks/", "/key-rotation", "runbooks//x", "a".repeat(5000)),
  );

  it("not_found, with no upstream request", async () => {
    const docs = makeDocs();
    const everything = { caller: { token: service.tokens.everything } };
    let tried = 0;
    await fc.assert(
      fc.asyncProperty(forgery, async (ref) => {
        // A forgery that happens to equal a ref this store issued is no forgery.
        fc.pre((await refStore.get(ref)) === undefined);
        tried++;
        const { output } = await docs.getDocument({ ref }, everything);
        expect(output.status).toBe("not_found");
        expect(output.content).toBeNull();
        // Longer than any ref this tool issues: only its start is echoed back.
        expect(output.ref.length).toBeLessThanOrEqual(200);
      }),
      { numRuns: 300 },
    );
    expect(tried).toBeGreaterThan(200);
    expect(service.requests).toHaveLength(0);
  });

  it("a stored target outside this client's configured collections is not_found, unrequested", async () => {
    // A shared ref store (Redis) can hold refs another deployment issued, for collections this
    // one was never configured to read: the configuration is the scope, not the store.
    const docs = makeDocs();
    await refStore.setIfAbsent("runbooks/elsewhere#0", {
      area: "runbooks",
      collectionId: service.areas.policies?.[0] as string,
      documentId: "anything",
      section: "0",
    });
    const { output } = await docs.getDocument(
      { ref: "runbooks/elsewhere#0" },
      { caller: { token: service.tokens.everything } },
    );
    expect(output.status).toBe("not_found");
    expect(service.requests).toHaveLength(0);
  });

  it("a megabyte ref is not_found, unrequested, and only its start is echoed", async () => {
    const docs = makeDocs();
    const ref = `runbooks/${"a".repeat(1_048_576)}`;
    const { output, trace } = await docs.getDocument(
      { ref },
      { caller: { token: service.tokens.everything } },
    );
    expect(output.status).toBe("not_found");
    expect(output.ref).toBe(`runbooks/${"a".repeat(190)}…`);
    expect(trace.ref).toBe(output.ref);
    expect(JSON.stringify({ output, trace }).length).toBeLessThan(2000);
    expect(service.requests).toHaveLength(0);
  });

  it.each(["constructor", "__proto__", "toString", "hasOwnProperty", "valueOf"])(
    "a store entry whose area is %j is not_found, never a TypeError",
    async (area) => {
      // A shared store can hold anything; Object.prototype's keys must not read as areas.
      const hostileStore = {
        get: async () => ({ area, collectionId: "c1", documentId: "d1", section: "0" }),
        set: async () => {},
      };
      const docs = createDocsSearch({
        baseUrl: service.url,
        areas: service.areas,
        refStore: hostileStore,
      });
      for (const ref of [`${area.toLowerCase().replace(/_/g, "")}/x#0`, "runbooks/x#0"]) {
        const { output } = await docs.getDocument(
          { ref },
          { caller: { token: service.tokens.everything } },
        );
        expect(output.status).toBe("not_found");
      }
      expect(service.requests).toHaveLength(0);
    },
  );
});
