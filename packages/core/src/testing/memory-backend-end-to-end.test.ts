import { describe, expect, it } from "vitest";
import { createDocsSearch } from "../create-docs-search.js";
import { contractDocuments } from "./contract-documents.js";
import { type MemoryBackendOptions, memoryBackend } from "./memory-backend.js";

// memoryBackend through the whole of core: createDocsSearch({ backend }) drives it like any
// engine, so each outcome it is scripted to give must reach the model as the contract says.

const caller = { caller: { token: "reader-token-0a7e" } };
const handbook = contractDocuments().map(({ key, ...document }) => ({ id: key, ...document }));

function docsOver(options: Omit<MemoryBackendOptions, "collections"> = {}, limits = {}) {
  return createDocsSearch({
    backend: memoryBackend({
      collections: { handbook, vault: handbook, broken: handbook },
      ...options,
    }),
    areas: { runbooks: ["handbook"], secrets: ["vault"], archive: ["broken"] },
    // No jitter: a retry waits nothing, so the test takes no time.
    random: () => 0,
    limits,
  });
}

describe("createDocsSearch({ backend: memoryBackend(...) })", () => {
  it("answers ok with the section that holds the words, and get_document reads it by its ref", async () => {
    const docs = docsOver();
    const { output, trace } = await docs.search(
      { query: "heliograph console", area: "runbooks" },
      caller,
    );
    expect(output.status).toBe("ok");
    const [first] = output.results;
    expect(first).toMatchObject({ title: "Updating the public status page", area: "runbooks" });
    expect(first?.passage).toContain("heliograph");
    expect(trace.requests.map((request) => request.collectionId)).toEqual(["handbook"]);
    const read = await docs.getDocument({ ref: first?.ref ?? "" }, caller);
    expect(read.output).toMatchObject({ status: "ok", title: "Updating the public status page" });
    expect(read.output.status === "ok" && read.output.content).toContain("heliograph console");
  });

  it("answers no_matches when the collection answered and nothing matched", async () => {
    const { output, trace } = await docsOver().search(
      { query: "quokka xylophone", area: "runbooks" },
      caller,
    );
    expect(output).toMatchObject({ status: "no_matches", results: [] });
    expect(trace.failures).toEqual([]);
  });

  it("answers unavailable, never no_matches, when the collection failed", async () => {
    const docs = docsOver({
      failures: { broken: { kind: "failed", cause: "misconfigured", reason: "index gone" } },
    });
    const { output, trace } = await docs.search(
      { query: "quokka xylophone", area: "archive" },
      caller,
    );
    expect(output.status).toBe("unavailable");
    expect(trace.failures).toMatchObject([{ collectionId: "broken", kind: "misconfigured" }]);
  });

  it("keeps the other collections' results when one is unavailable", async () => {
    const docs = docsOver({ failures: { broken: { kind: "transient" } } });
    const { output } = await docs.search({ query: "heliograph" }, caller);
    expect(output.status).toBe("unavailable");
    expect(output.results.map((result) => result.area)).toContain("runbooks");
  });

  it("retries a transient failure and answers ok once the collection recovers", async () => {
    const docs = docsOver({
      failures: { handbook: [{ kind: "transient" }, { kind: "overloaded" }] },
    });
    const { output, trace } = await docs.search({ query: "heliograph", area: "runbooks" }, caller);
    expect(output.status).toBe("ok");
    expect(trace.requests.map((request) => request.attempt)).toEqual([1, 2, 3]);
  });

  it("leaves out a forbidden collection, and says unauthorized to the app", async () => {
    const forbidden = docsOver({ readers: { vault: ["someone-else-entirely"] } });
    const { output } = await forbidden.search({ query: "heliograph", area: "secrets" }, caller);
    expect(output.status).toBe("no_matches");
    const refused = docsOver({ failures: { handbook: { kind: "unauthorized" } } });
    const answer = await refused.search({ query: "heliograph", area: "runbooks" }, caller);
    expect(answer.output.status).toBe("unavailable");
    expect(answer.unauthorized).toBe(true);
  });

  it("answers unavailable by the deadline when the backend hangs, even ignoring its signal", async () => {
    const docs = docsOver({ hang: "forever" }, { deadlineMs: 300 });
    const started = Date.now();
    const { output } = await docs.search({ query: "heliograph", area: "runbooks" }, caller);
    expect(output.status).toBe("unavailable");
    expect(Date.now() - started).toBeLessThan(2000);
  });
});
