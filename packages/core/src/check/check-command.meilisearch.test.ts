import {
  docSearchRecordsOf,
  type FakeHostedEngine,
  startFakeMeilisearch,
} from "@search-docs/test-servers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli } from "../__fixtures__/run-cli.js";
import { contractDocuments } from "../testing/contract-documents.js";

// `search-docs check` with SEARCH_DOCS_MEILISEARCH_* against the fake Meilisearch (docs-scraper
// records): filterableAttributes read with a key that may, and a search key's get_document.
const adminKey = "meili-admin-key-for-tests";
const searchKey = "meili-search-key-for-tests";
const records = docSearchRecordsOf(contractDocuments(), "underscored");
const searchable = ["hierarchy_lvl0", "hierarchy_lvl1", "hierarchy_lvl2", "content"];
const keys = [
  { key: adminKey, uid: "admin", indexes: ["*"], actions: ["*"] },
  { key: searchKey, uid: "search", indexes: ["docs"] },
];
let good: FakeHostedEngine;
let notFilterable: FakeHostedEngine;

beforeAll(async () => {
  good = await startFakeMeilisearch({
    indexes: { docs: records },
    keys,
    searchableAttributes: searchable,
    filterableAttributes: ["url_without_anchor"],
  });
  notFilterable = await startFakeMeilisearch({
    indexes: { docs: records },
    keys,
    searchableAttributes: searchable,
    filterableAttributes: ["lang"],
  });
});
afterAll(async () => {
  await good?.close();
  await notFilterable?.close();
});

const environment = (url: string, key: string) => ({
  SEARCH_DOCS_BACKEND: "meilisearch",
  SEARCH_DOCS_MEILISEARCH_URL: url,
  SEARCH_DOCS_MEILISEARCH_API_KEY: key,
  SEARCH_DOCS_AREAS: '{"docs":["docs"]}',
});
const fix =
  'fix: add "url_without_anchor" to filterableAttributes: PUT /indexes/docs/settings/filterable-attributes ["url_without_anchor", …the attributes already there]';

describe("search-docs check on Meilisearch", () => {
  it("passes on a good setup", async () => {
    const { code, out } = await runCli(["check"], environment(good.urls[0] ?? "", adminKey));
    expect(out).toMatch(/✓ record layout +url_without_anchor is filterable/);
    expect(out).toMatch(/✓ get_document answers +read "/);
    expect(code).toBe(0);
  });

  it("the document field not filterable: the layout row names the PUT that fixes it", async () => {
    const { code, out } = await runCli(
      ["check"],
      environment(notFilterable.urls[0] ?? "", adminKey),
    );
    expect(code).toBe(7);
    expect(out).toMatch(
      /✗ record layout +url_without_anchor is not in filterableAttributes \(lang\)/,
    );
    expect(out).toContain(fix);
    expect(out).not.toContain(adminKey);
  });

  it("with a search key the settings are not read, and get_document's failure names the same fix", async () => {
    const { code, out } = await runCli(
      ["check"],
      environment(notFilterable.urls[0] ?? "", searchKey),
    );
    expect(code).toBe(7);
    expect(out).toMatch(/– record layout +settings not read \(403: the key lacks settings\.get\)/);
    expect(out).toMatch(/✓ probe search answers/);
    expect(out).toMatch(/✗ get_document answers/);
    expect(out).toContain(fix);
  });

  it("a wrong key: credentials, naming the variable", async () => {
    const { code, out } = await runCli(["check"], environment(good.urls[0] ?? "", "wrong-key"));
    expect(code).toBe(7);
    expect(out).toContain(
      "fix: set SEARCH_DOCS_MEILISEARCH_API_KEY to a search key for index docs",
    );
  });
});
