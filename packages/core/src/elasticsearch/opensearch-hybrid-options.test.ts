import { describe, expect, it } from "vitest";
import { ConfigurationError } from "../errors/configuration-error.js";
import { type ElasticsearchBackendOptions, elasticsearchBackend } from "./elasticsearch-backend.js";

// `semantic.searchPipeline` checked at construction: OpenSearch's hybrid query needs the pipeline
// that fuses it (sent without one, OpenSearch answers the sub-queries' raw, unfused results, which
// would read as a ranked page), and nothing else takes one.

type Semantic = ElasticsearchBackendOptions["semantic"];
const embed = async () => [0, 1];
const hybrid = (searchPipeline: string): Semantic => ({
  query: "knn",
  field: "embedding",
  embed,
  hybrid: true,
  searchPipeline,
});

describe("semantic.searchPipeline", () => {
  it("refuses hybrid without a pipeline, a pipeline on Elasticsearch or without hybrid, and a bad name", () => {
    for (const [semantic, flavor] of [
      [{ query: "knn", field: "embedding", embed, hybrid: true }, "opensearch"],
      [hybrid("docs-hybrid"), "elasticsearch"],
      [{ query: "knn", field: "embedding", embed, searchPipeline: "docs-hybrid" }, "opensearch"],
      [hybrid(""), "opensearch"],
      [hybrid("a,b"), "opensearch"],
    ] as const) {
      expect(() =>
        elasticsearchBackend({ url: "http://127.0.0.1:9", flavor, semantic: semantic as Semantic }),
      ).toThrow(ConfigurationError);
    }
  });

  it("takes a pipeline's name for OpenSearch's hybrid", () => {
    expect(() =>
      elasticsearchBackend({
        url: "http://127.0.0.1:9",
        flavor: "opensearch",
        semantic: hybrid("docs-hybrid"),
      }),
    ).not.toThrow();
  });
});
