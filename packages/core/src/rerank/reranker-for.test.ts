import { describe, expect, it } from "vitest";
import type { BackendHit, SearchBackend } from "../backend/search-backend.js";
import { createDocsSearch } from "../create-docs-search.js";
import { loadV2Backend } from "../v2/load-v2-backend.js";
import { v2Backend } from "../v2/v2-backend.js";
import { ModelReranker } from "./model-reranker.js";
import type { RerankCandidate, Reranker } from "./reranker.js";
import { rerankerFor, sectionTextDocumentWeight } from "./reranker-for.js";
import { documentEvidence } from "./upstream-fusion-reranker.js";

const candidate = (collection: string, document: string, section: string, score: number) =>
  ({
    key: `${collection}\u0000${document}\u0000${section}`,
    title: "untitled",
    snippet: "nothing of the query",
    area: "runbooks",
    updated: undefined,
    upstreamRank: 0,
    upstreamScore: score,
  }) satisfies RerankCandidate;

// A lone section scores a little higher than the best section of a document that answers twice.
const lone = candidate("c", "lone", "1", 1);
const twice = [candidate("c", "twice", "1", 0.95), candidate("c", "twice", "4", 0.6)];
const order = (ranked: readonly RerankCandidate[]) =>
  ranked.map(({ key }) => key.split("\u0000")[1]);

describe("documentEvidence", () => {
  it("is the rest of the document's scaled scores, at most 1, and nothing for a lone section", () => {
    const candidates = [lone, ...twice, candidate("c", "twice", "5", 0.7)];
    expect([...documentEvidence(candidates, [1, 0.95, 0.6, 0.7])]).toEqual([0, 1, 1, 1]);
    expect([...documentEvidence(candidates, [1, 0.3, 0.2, 0.1])].map((x) => x.toFixed(2))).toEqual([
      "0.00",
      "0.30",
      "0.40",
      "0.50",
    ]);
  });

  it("keeps documents of the same id in two collections apart", () => {
    const candidates = [candidate("a", "same", "1", 1), candidate("b", "same", "1", 1)];
    expect([...documentEvidence(candidates, [1, 1])]).toEqual([0, 0]);
  });
});

describe("rerankerFor", () => {
  it("lifts a document that answers in several sections when the backend scores section text alone", () => {
    const candidates = [lone, ...twice];
    const query = "rotate the signing key";
    expect(order(rerankerFor({}).rerank({ query, candidates }))).toEqual([
      "lone",
      "twice",
      "twice",
    ]);
    expect(order(rerankerFor({ scoring: "section-text" }).rerank({ query, candidates }))).toEqual([
      "twice",
      "lone",
      "twice",
    ]);
    expect(rerankerFor({ scoring: "section-text" }).options.documentWeight).toBe(
      sectionTextDocumentWeight,
    );
    expect(rerankerFor({}).options.documentWeight).toBe(0);
  });

  it("is what both v2 constructors declare: the v2 API ranks a section by its text alone", () => {
    const options = { baseUrl: "http://docs.example" };
    expect(v2Backend(options).scoring).toBe("section-text");
    expect(loadV2Backend(options).scoring).toBe("section-text");
  });

  it("is createDocsSearch's default order, and a model reranker's without its own", async () => {
    const hits: BackendHit[] = [
      { documentId: "lone", title: "Lone", snippet: "a", score: 1, section: "1" },
      { documentId: "twice", title: "Twice", snippet: "b", score: 0.95, section: "1" },
      { documentId: "twice", title: "Twice", snippet: "c", score: 0.6, section: "4" },
    ];
    const backendWith = (scoring?: "section-text"): SearchBackend => ({
      specificationVersion: "v1",
      name: "fixed",
      ...(scoring === undefined ? {} : { scoring }),
      searchPage: async () => ({ kind: "page", hits, more: false }),
      getDocument: async () => ({ kind: "failed", cause: "malformed", reason: "unused" }),
    });
    const firstRef = async (backend: SearchBackend, reranker?: Reranker) => {
      const docs = createDocsSearch({
        backend,
        areas: { runbooks: ["c"] },
        ...(reranker === undefined ? {} : { reranker }),
      });
      const call = { caller: { token: "user" } };
      const { output } = await docs.search({ query: "rotate the signing key" }, call);
      return output.results[0]?.ref;
    };
    expect(await firstRef(backendWith())).toMatch(/lone/);
    expect(await firstRef(backendWith("section-text"))).toMatch(/twice/);
    // A model reranker given no lexical order of its own falls back to the backend's default.
    const failing = new ModelReranker({
      name: "down",
      order: async () => {
        throw new Error("model down");
      },
    });
    expect(await firstRef(backendWith("section-text"), failing)).toMatch(/twice/);
  });
});
