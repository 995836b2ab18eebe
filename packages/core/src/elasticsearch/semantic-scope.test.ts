import { hashedEmbedding } from "@search-docs/test-servers";
import { describe, expect, it } from "vitest";
import { testAttempt } from "../testing/test-attempt.js";
import {
  type ElasticsearchSemanticOptions,
  elasticsearchSemantic,
} from "./elasticsearch-semantic.js";
import { scopeFilters } from "./semantic-scope.js";

// A scoping filter of the lexical query reaches every vector clause the semantic stage builds, in
// both engines, alone or fused: a knn clause outside the query's bool would search the whole index.
// (opensearch-hybrid.test.ts sends one to the fake cluster and reads what comes back.)

const embed = async (text: string) => hashedEmbedding(text, 4);
const scope = { term: { team: "payments" } };
const match = { multi_match: { query: "rotate key", fields: ["body"] } };
const lexical = { query: { bool: { must: [match], filter: [scope] } }, from: 0, size: 10 };

/** The vector clause's own parameters, wherever the engine's body keeps it. */
// biome-ignore lint/suspicious/noExplicitAny: four engines' body shapes, read by path
function vectorHalf(body: any): { filter?: unknown } {
  return (
    body.query?.hybrid?.queries[1].knn.embedding ??
    body.query?.knn?.embedding ??
    body.query?.neural?.embedding ??
    body.knn ??
    body.retriever.rrf.retrievers[1].knn
  );
}

describe("semantic scope", () => {
  it("every vector clause takes the lexical query's filter; a hybrid keeps the lexical query whole", async () => {
    const cases: Array<["elasticsearch" | "opensearch", ElasticsearchSemanticOptions]> = [
      [
        "opensearch",
        { query: "knn", field: "embedding", embed, hybrid: true, searchPipeline: "p" },
      ],
      ["opensearch", { query: "knn", field: "embedding", embed }],
      ["opensearch", { query: "knn", field: "embedding", modelId: "m" }],
      ["elasticsearch", { query: "knn", field: "embedding", embed }],
      ["elasticsearch", { query: "knn", field: "embedding", embed, hybrid: true }],
    ];
    for (const [flavor, semantic] of cases) {
      const stage = elasticsearchSemantic("test", flavor, semantic);
      const body = await stage?.body(
        lexical,
        "rotate key",
        testAttempt({ caller: { token: "t" } }),
      );
      expect(JSON.stringify(vectorHalf(body).filter)).toContain(JSON.stringify(scope));
      const fused = (body as { query?: { hybrid?: { queries: unknown[] } } }).query?.hybrid;
      if (fused !== undefined) expect(fused.queries[0]).toBe(lexical.query);
    }
    const semantic = elasticsearchSemantic("test", "elasticsearch", {
      query: "semantic",
      field: "body_semantic",
    });
    expect(
      await semantic?.body(lexical, "rotate key", testAttempt({ caller: { token: "t" } })),
    ).toMatchObject({
      query: { bool: { must: [{ semantic: { field: "body_semantic" } }], filter: [scope] } },
    });
  });

  it("reads the filter inside prefer: recent's function_score, and nothing from a query without one", () => {
    expect(scopeFilters({ function_score: { query: lexical.query, functions: [] } })).toEqual([
      scope,
    ]);
    expect(scopeFilters({ bool: { filter: scope } })).toEqual([scope]);
    expect(scopeFilters(match)).toEqual([]);
  });

  it("adds nothing when the lexical query has no filter: the body is as before", async () => {
    const stage = elasticsearchSemantic("test", "opensearch", {
      query: "knn",
      field: "embedding",
      embed,
    });
    const body = await stage?.body(
      { query: match, from: 0, size: 10 },
      "rotate key",
      testAttempt({ caller: { token: "t" } }),
    );
    expect(vectorHalf(body)).toEqual({ vector: await embed("rotate key"), k: 50 });
  });
});
