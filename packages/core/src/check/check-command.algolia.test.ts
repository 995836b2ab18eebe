import {
  docSearchRecordsOf,
  type FakeHostedEngine,
  startFakeAlgolia,
} from "@search-docs/test-servers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli } from "../__fixtures__/run-cli.js";
import { contractDocuments } from "../testing/contract-documents.js";

// `search-docs check` with SEARCH_DOCS_ALGOLIA_* against the fake Algolia (DocSearch records).
// Algolia answers a filter on an attribute that is not faceted with no hits, not an error: the
// read of a document then finds nothing, and check must name attributesForFaceting.
const adminKey = "algolia-admin-key-for-tests";
const searchKey = "algolia-search-key-for-tests";
const records = docSearchRecordsOf(contractDocuments(), "nested");
const keys = {
  [adminKey]: { indices: "*" as const, acl: ["search", "settings"] },
  [searchKey]: { indices: ["docs"] },
};
const searchableAttributes = ["hierarchy.lvl0", "hierarchy.lvl1", "hierarchy.lvl2", "content"];
let good: FakeHostedEngine;
let notFaceted: FakeHostedEngine;

beforeAll(async () => {
  good = await startFakeAlgolia({
    appId: "CHECKAPP",
    indices: { docs: records },
    keys,
    searchableAttributes,
    attributesForFaceting: ["filterOnly(url_without_anchor)"],
  });
  notFaceted = await startFakeAlgolia({
    appId: "CHECKAPP",
    indices: { docs: records },
    keys,
    searchableAttributes,
    attributesForFaceting: ["lang"],
  });
});
afterAll(async () => {
  await good?.close();
  await notFaceted?.close();
});

const environment = (hosts: readonly string[], key: string) => ({
  SEARCH_DOCS_BACKEND: "algolia",
  SEARCH_DOCS_ALGOLIA_APP_ID: "CHECKAPP",
  SEARCH_DOCS_ALGOLIA_HOSTS: hosts.join(","),
  SEARCH_DOCS_ALGOLIA_API_KEY: key,
  SEARCH_DOCS_AREAS: '{"docs":["docs"]}',
});
const fix =
  'fix: add `url_without_anchor` to attributesForFaceting: PUT /1/indexes/docs/settings {"attributesForFaceting":["filterOnly(url_without_anchor)", …the attributes already there]}';

describe("search-docs check on Algolia", () => {
  it("passes on a good setup (filterOnly(url_without_anchor) counts)", async () => {
    const { code, out } = await runCli(["check"], environment(good.urls, adminKey));
    expect(out).toMatch(/✓ record layout +url_without_anchor is in attributesForFaceting/);
    expect(out).toMatch(/✓ get_document answers +read "/);
    expect(code).toBe(0);
  });

  it("url_without_anchor not faceted: the layout row names the settings change", async () => {
    const { code, out } = await runCli(["check"], environment(notFaceted.urls, adminKey));
    expect(code).toBe(7);
    expect(out).toMatch(
      /✗ record layout +url_without_anchor is not in attributesForFaceting \(lang\)/,
    );
    expect(out).toContain(fix);
    expect(out).not.toContain(adminKey);
  });

  it("with a search key: settings refused, and get_document's not_found names the same fix", async () => {
    const { code, out } = await runCli(["check"], environment(notFaceted.urls, searchKey));
    expect(code).toBe(7);
    expect(out).toMatch(
      /– record layout +settings not read \(403: Method not allowed with this API key\)/,
    );
    expect(out).toMatch(/✗ get_document answers +the first hit's document was not found/);
    expect(out).toContain(fix);
  });

  it("a wrong key: credentials, naming the variable", async () => {
    const { code, out } = await runCli(["check"], environment(good.urls, "wrong-key"));
    expect(code).toBe(7);
    expect(out).toContain("fix: set SEARCH_DOCS_ALGOLIA_API_KEY to a search key for index docs");
    expect(out).not.toContain("wrong-key");
  });
});
