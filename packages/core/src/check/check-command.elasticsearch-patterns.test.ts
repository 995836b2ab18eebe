import {
  type FakeElasticsearch,
  sampleElasticsearchIndices,
  startFakeElasticsearch,
} from "@search-docs/test-servers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli } from "../__fixtures__/run-cli.js";

// Searches omit a wildcard area that resolves to no index for their caller (the engine answers
// alike when nothing matches and when the caller may read none of it), so `search-docs check`,
// run with the operator's credentials, is where a pattern matching no index at all shows.
const sample = sampleElasticsearchIndices();
let cluster: FakeElasticsearch;

beforeAll(async () => {
  cluster = await startFakeElasticsearch({
    indices: { "docs-onboarding-eng": sample["docs-onboarding"] ?? [] },
    users: {
      "ApiKey operator-key": { name: "operator", read: ["*"], viewIndexMetadata: ["*"] },
      "ApiKey reader-key": { name: "reader", read: ["docs-*"] },
    },
  });
});
afterAll(() => cluster?.close());

const environment = (key: string) => ({
  SEARCH_DOCS_BACKEND: "elasticsearch",
  SEARCH_DOCS_ELASTICSEARCH_URL: cluster.url,
  SEARCH_DOCS_ELASTICSEARCH_API_KEY: key,
  SEARCH_DOCS_AREAS: JSON.stringify({
    onboarding: ["docs-onboarding-*"],
    archive: ["docs-archive-*"],
  }),
});

describe("search-docs check: a wildcard area that matches no index", () => {
  it("with the operator's key (view_index_metadata): the empty pattern fails, the other passes", async () => {
    const { code, out } = await runCli(["check"], environment("operator-key"));
    expect(code).toBe(7);
    expect(out).toMatch(
      /area archive, docs-archive-\*[\s\S]*✗ collection exists +the pattern docs-archive-\* matches no index these credentials may view/,
    );
    expect(out).toContain("fix: create an index docs-archive-* matches, or fix SEARCH_DOCS_AREAS");
    expect(out).toMatch(/area onboarding, docs-onboarding-\*[\s\S]*✓ get_document answers/);
    expect(out.match(/✗/g)).toHaveLength(1);
  });

  it("with a reader's key (no mapping): the search's note says the pattern resolved to nothing", async () => {
    const { code, out } = await runCli(["check"], environment("reader-key"));
    expect(code).toBe(7);
    expect(out).toMatch(
      /✗ collection exists +the pattern docs-archive-\* resolved to no index with these credentials/,
    );
    expect(out).not.toMatch(/forbidden: the engine refused this credential on docs-archive/);
  });
});
