import {
  type FakeElasticsearch,
  sampleElasticsearchIndices,
  sectionIndexMapping,
  startFakeElasticsearch,
} from "@search-docs/test-servers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli } from "../__fixtures__/run-cli.js";

// `search-docs check` with SEARCH_DOCS_ELASTICSEARCH_* / SEARCH_DOCS_OPENSEARCH_* against the
// fake cluster: the Get mapping API read with a key that may view index metadata, a reader's key
// that may not, a document_id mapped as text, a wrong key, a missing index.
const indices = sampleElasticsearchIndices();
const [index = "", otherIndex = ""] = Object.keys(indices);
const users = {
  "ApiKey admin-key": { name: "admin", read: ["*"], viewIndexMetadata: ["*"] },
  "ApiKey reader-key": { name: "reader", read: ["docs-*"] },
};
let good: FakeElasticsearch;
let textIds: FakeElasticsearch;
let opensearch: FakeElasticsearch;

beforeAll(async () => {
  good = await startFakeElasticsearch({ indices, users });
  textIds = await startFakeElasticsearch({
    indices,
    users,
    mappings: { [index]: { ...sectionIndexMapping, document_id: { type: "text" } } },
  });
  opensearch = await startFakeElasticsearch({ flavor: "opensearch", indices, users });
});
afterAll(async () => {
  await good?.close();
  await textIds?.close();
  await opensearch?.close();
});

const environment = (url: string, key: string, areas = { docs: [index] }) => ({
  SEARCH_DOCS_BACKEND: "elasticsearch",
  SEARCH_DOCS_ELASTICSEARCH_URL: url,
  SEARCH_DOCS_ELASTICSEARCH_API_KEY: key,
  SEARCH_DOCS_AREAS: JSON.stringify(areas),
});

describe("search-docs check on Elasticsearch and OpenSearch", () => {
  it("passes on a good setup, reading the mapping", async () => {
    const { code, out } = await runCli(
      ["check"],
      environment(good.url, "admin-key", { docs: [index, otherIndex] }),
    );
    expect(out).toMatch(/✓ record layout +document_id is keyword, section sortable/);
    expect(out).toMatch(/✓ get_document answers +read "/);
    expect(out).not.toContain("✗");
    expect(code).toBe(0);
  });

  it("OpenSearch, configured by its own variables, passes the same way", async () => {
    const { code, out } = await runCli(["check"], {
      SEARCH_DOCS_BACKEND: "opensearch",
      SEARCH_DOCS_OPENSEARCH_URL: opensearch.url,
      SEARCH_DOCS_OPENSEARCH_API_KEY: "admin-key",
      SEARCH_DOCS_AREAS: JSON.stringify({ docs: [index] }),
    });
    expect(out).toMatch(/^Checking opensearch at /);
    expect(code).toBe(0);
  });

  it("a reader's key may not read the mapping: skipped, and get_document proves the layout", async () => {
    const { code, out } = await runCli(["check"], environment(good.url, "reader-key"));
    expect(out).toMatch(
      /– record layout +mapping not read \(403: the key lacks view_index_metadata\)/,
    );
    expect(out).toMatch(/✓ get_document answers/);
    expect(code).toBe(0);
  });

  it("document_id mapped as text: names the keyword mapping and the reindex", async () => {
    const { code, out } = await runCli(["check"], environment(textIds.url, "admin-key"));
    expect(code).toBe(7);
    expect(out).toContain(`✗ record layout          ${index}'s document_id is text, not keyword`);
    expect(out).toContain(
      `fix: map document_id as keyword: create a new index with {"mappings":{"properties":{"document_id":{"type":"keyword"}}}}, _reindex ${index} into it`,
    );
  });

  it("a wrong key: credentials, naming the variable and never the key", async () => {
    const { code, out, err } = await runCli(["check"], environment(good.url, "forged-key"));
    expect(code).toBe(7);
    expect(out).toContain(
      `fix: set SEARCH_DOCS_ELASTICSEARCH_API_KEY to an API key with the read privilege on index ${index}`,
    );
    expect(out + err).not.toContain("forged-key");
  });

  it("a missing index: create it or fix SEARCH_DOCS_AREAS", async () => {
    const { code, out } = await runCli(
      ["check"],
      environment(good.url, "admin-key", { docs: ["docs-gone"] }),
    );
    expect(code).toBe(7);
    expect(out).toMatch(/✗ collection exists +404: no index or alias docs-gone/);
    expect(out).toContain("fix: create the index `docs-gone` or fix SEARCH_DOCS_AREAS");
  });
});
