import { afterAll, afterEach, describe, expect, test } from "vitest";
import { closeDocsBackend, docsBackend } from "./docs-backend";
import { embeddedDocsService } from "./embedded-docs-service";
import { startEmbeddedDocsService } from "./start-embedded-docs-service";

afterEach(() => closeDocsBackend());
afterAll(() => embeddedDocsService()?.close());

describe("docsBackend", () => {
  test("without SEARCH_DOCS_* or the embedded service, it says what to set", async () => {
    await expect(docsBackend({})).rejects.toThrow(/Set SEARCH_DOCS_BACKEND and its variables/);
  });

  test("a configuration mistake is the registry's one line, and the next call says it again", async () => {
    const environment = { SEARCH_DOCS_BACKEND: "typesense", SEARCH_DOCS_AREAS: '{"a":["b"]}' };
    await expect(docsBackend(environment)).rejects.toThrow(/SEARCH_DOCS_TYPESENSE_URL is not set/);
    await expect(docsBackend(environment)).rejects.toThrow(/SEARCH_DOCS_TYPESENSE_URL is not set/);
  });

  test("under next dev: the embedded fake service, its demo users, each searching as itself", async () => {
    await startEmbeddedDocsService({});
    const backend = await docsBackend({});
    expect(backend.description).toContain(embeddedDocsService()?.url);
    const token = backend.demoTokens?.runbooksOnly;
    expect(token).toEqual(expect.any(String));

    const { output } = await backend.docs.search(
      { query: "rotate a service account key" },
      { caller: { token: token as string } },
    );
    expect(output.status).toBe("ok");
    expect(new Set(output.results.map((result) => result.area))).toEqual(new Set(["runbooks"]));
    const ref = output.results[0]?.ref ?? "";
    expect(backend.docs.refUrl(ref)).toBe(`https://docs.example.internal/${ref}`);
    expect(Object.keys(backend.tools)).toEqual(["search_docs", "get_document"]);
  });
});
