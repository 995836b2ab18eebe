import {
  type FakeElasticsearch,
  type FakeElasticsearchFault,
  sampleElasticsearchIndices,
  startFakeElasticsearch,
} from "@search-docs/test-servers";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createDocsSearch } from "../create-docs-search.js";
import { elasticsearchBackend } from "./elasticsearch-backend.js";

// The "done when", through core: createDocsSearch over elasticsearchBackend answers the
// three statuses truthfully through every row of the table. Core retries and waits as it does for
// any backend; the rebuild budget is cut to 200 ms so the rows that wait do not take 3 s each.
const caller = { headers: { authorization: "ApiKey reader" } };
let fake: FakeElasticsearch;

beforeAll(async () => {
  fake = await startFakeElasticsearch({
    indices: sampleElasticsearchIndices(),
    aliases: { runbooks: ["docs-runbooks"] },
    users: {
      "ApiKey reader": { name: "reader", read: ["docs-runbooks*", "runbooks"] },
      "ApiKey policies-reader": { name: "policies-reader", read: ["docs-policies"] },
    },
  });
});
afterAll(() => fake.close());
beforeEach(() => fake.clearFaults());

function docsFor(runbooks: readonly string[]) {
  return createDocsSearch({
    backend: elasticsearchBackend({ url: fake.url }),
    areas: { runbooks },
    limits: { conflictWaitMs: 200 },
  });
}

describe("createDocsSearch({ backend: elasticsearchBackend({ url }), areas: { runbooks: [...] } })", () => {
  it("ok: the section that answers, as a ref", async () => {
    const { output } = await docsFor(["docs-runbooks"]).search(
      { query: "rotate a service account key" },
      { caller },
    );
    expect(output.status).toBe("ok");
    expect(output.results[0]?.ref).toMatch(/^runbooks\/key-rotation#\d+$/);
  });

  it("no_matches: a 200 with no hits, and an index the caller may not read (omitted)", async () => {
    expect(
      (await docsFor(["docs-runbooks"]).search({ query: "quokka xylophone" }, { caller })).output,
    ).toEqual({ results: [], more_matches_exist: false, status: "no_matches" });
    expect(
      (await docsFor(["docs-policies"]).search({ query: "access policy" }, { caller })).output
        .status,
    ).toBe("no_matches");
  });

  it("unavailable: a missing index or alias (404), never no_matches", async () => {
    const { output, trace } = await docsFor(["docs-runbooks-v2"]).search(
      { query: "quokka xylophone" },
      { caller },
    );
    expect(output.status).toBe("unavailable");
    expect(JSON.stringify(trace)).not.toContain("no such index");
  });

  it("a pattern resolving to no index for this caller: omitted like a 403, with a note", async () => {
    const { output, trace } = await docsFor(["docs-runbooks-*-archive"]).search(
      { query: "quokka xylophone" },
      { caller },
    );
    expect(output.status).toBe("no_matches");
    expect(trace.omitted.map((omission) => omission.collectionId)).toEqual([
      "docs-runbooks-*-archive",
    ]);
    expect(trace.notes.join("\n")).toContain(
      "index pattern docs-runbooks-*-archive resolved to no index for this caller",
    );
    expect(JSON.stringify(trace)).not.toContain("no such index");
  });

  const rows: ReadonlyArray<[string, FakeElasticsearchFault]> = [
    ["503 all shards failed", { kind: "rebuilding" }],
    ["503 cluster block", { kind: "rebuilding", shape: "cluster_block" }],
    ["400 index closed", { kind: "closed" }],
    ["403 read block", { kind: "read_blocked" }],
    ["429 rejected", { kind: "rejected" }],
    ["200 with failed shards", { kind: "partial_shards" }],
    ["200 timed out", { kind: "timed_out" }],
    ["500", { kind: "server_error" }],
    ["504 from a proxy", { kind: "server_error", status: 504 }],
    ["reset", { kind: "reset" }],
    ["redirect", { kind: "redirect" }],
    ["malformed", { kind: "malformed" }],
  ];
  for (const [row, fault] of rows) {
    it(`unavailable, never ok or no_matches: ${row}`, async () => {
      fake.setFault("docs-runbooks", fault);
      for (const query of ["rotate a service account key", "quokka xylophone"]) {
        const { output } = await docsFor(["runbooks"]).search({ query }, { caller });
        expect(output.status).toBe("unavailable");
      }
    });
  }

  it("unavailable and unauthorized for the app: a refused credential (401)", async () => {
    const result = await docsFor(["docs-runbooks"]).search(
      { query: "rotate a service account key" },
      { caller: { headers: { authorization: "ApiKey expired" } } },
    );
    expect(result.output.status).toBe("unavailable");
    expect(result.unauthorized).toBe(true);
  });

  it("get_document: ok, then no_access for a reader without the index, unavailable when it rebuilds", async () => {
    const docs = docsFor(["docs-runbooks"]);
    const { output } = await docs.search({ query: "rotate a service account key" }, { caller });
    const ref = output.results[0]?.ref as string;
    const document = await docs.getDocument({ ref }, { caller });
    expect(document.output.status).toBe("ok");
    expect(document.output.content).toContain("rotate");
    // A ref grants nothing: another user, without the index, hears "no access".
    const other = { headers: { authorization: "ApiKey policies-reader" } };
    expect((await docs.getDocument({ ref }, { caller: other })).output.status).toBe("no_access");
    fake.setFault("docs-runbooks", { kind: "rebuilding" });
    expect((await docs.getDocument({ ref }, { caller })).output.status).toBe("unavailable");
  });
});
