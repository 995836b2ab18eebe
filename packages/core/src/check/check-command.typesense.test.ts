import {
  docSearchRecordsOf,
  type FakeHostedEngine,
  startFakeTypesense,
} from "@search-docs/test-servers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli } from "../__fixtures__/run-cli.js";
import { contractDocuments } from "../testing/contract-documents.js";
import type { CheckReport } from "./check-report.js";

// `search-docs check` with SEARCH_DOCS_TYPESENSE_* against the fake Typesense: a good setup
// passes; a missing field, a wrong key, a missing collection and an unreachable host each fail
// at their own step with the one change that fixes it; the key is never printed.
const adminKey = "typesense-admin-key-for-tests";
const searchKey = "typesense-search-key-for-tests";
const allFields = [
  "hierarchy.lvl0",
  "hierarchy.lvl1",
  "hierarchy.lvl2",
  "hierarchy.lvl3",
  "hierarchy.lvl4",
  "hierarchy.lvl5",
  "hierarchy.lvl6",
  "content",
  "url_without_anchor",
];
const records = docSearchRecordsOf(contractDocuments(), "dotted");
let good: FakeHostedEngine;
let noDocumentField: FakeHostedEngine;

beforeAll(async () => {
  const keys = {
    [adminKey]: { collections: ["*"], actions: ["*"] },
    [searchKey]: { collections: ["docs"] },
  };
  good = await startFakeTypesense({ collections: { docs: records }, keys, fields: allFields });
  noDocumentField = await startFakeTypesense({
    collections: { docs: records },
    keys,
    fields: allFields.filter((field) => field !== "url_without_anchor"),
  });
});
afterAll(async () => {
  await good?.close();
  await noDocumentField?.close();
});

const environment = (url: string, key: string, areas = '{"docs":["docs"]}') => ({
  SEARCH_DOCS_BACKEND: "typesense",
  SEARCH_DOCS_TYPESENSE_URL: url,
  SEARCH_DOCS_TYPESENSE_API_KEY: key,
  SEARCH_DOCS_AREAS: areas,
});

describe("search-docs check on Typesense", () => {
  it("passes on a good setup: the schema has every field, the probe uses a record's title", async () => {
    const { code, out } = await runCli(["check"], environment(good.urls[0] ?? "", adminKey));
    expect(out).toMatch(
      /✓ record layout +the schema declares hierarchy\.lvl0, .*url_without_anchor/,
    );
    expect(out).toMatch(/✓ probe search answers +\d+ result\(s\) for "/);
    expect(out).toMatch(/✓ get_document answers +read "/);
    expect(out).not.toContain("✗");
    expect(code).toBe(0);
  });

  it("a search key that may not read the schema: layout skipped, still passes through get_document", async () => {
    const { code, out } = await runCli(["check"], environment(good.urls[0] ?? "", searchKey));
    expect(out).toMatch(
      /– record layout +settings not read \(401: the key lacks collections:get\)/,
    );
    expect(out).toMatch(/✓ get_document answers/);
    expect(code).toBe(0);
  });

  it("a missing field: names it and the PATCH that adds it", async () => {
    const { code, out } = await runCli(
      ["check"],
      environment(noDocumentField.urls[0] ?? "", adminKey),
    );
    expect(code).toBe(7);
    expect(out).toMatch(/✗ record layout +the schema of docs lacks url_without_anchor/);
    expect(out).toContain(
      'fix: add url_without_anchor to collection docs\'s schema: PATCH /collections/docs {"fields":[{"name":"url_without_anchor","type":"string"}]}',
    );
  });

  it("a wrong key: credentials, naming the variable and never the key", async () => {
    const { code, out, err } = await runCli(
      ["check"],
      environment(good.urls[0] ?? "", "not-a-key-of-this-server"),
    );
    expect(code).toBe(7);
    expect(out).toMatch(/✗ credentials accepted +unauthorized/);
    expect(out).toContain(
      "fix: set SEARCH_DOCS_TYPESENSE_API_KEY to a search key for collection docs",
    );
    expect(out + err).not.toContain("not-a-key-of-this-server");
  });

  it("a missing collection: create it or fix SEARCH_DOCS_AREAS", async () => {
    const { code, out } = await runCli(
      ["check", "--json"],
      environment(good.urls[0] ?? "", adminKey, '{"docs":["docs"],"guides":["guides"]}'),
    );
    expect(code).toBe(7);
    const report = JSON.parse(out) as CheckReport;
    expect(report.rows.filter((row) => row.state === "fail")).toEqual([
      expect.objectContaining({
        area: "guides",
        step: "collection",
        fix: "create the collection `guides` or fix SEARCH_DOCS_AREAS",
      }),
    ]);
    expect(out).not.toContain(adminKey);
  });

  it("an unreachable host: reaches the engine, naming the variable", async () => {
    const { code, out } = await runCli(["check"], environment("http://127.0.0.1:9", adminKey));
    expect(code).toBe(7);
    expect(out).toMatch(/✗ reaches the engine +network/);
    expect(out).toContain(
      "fix: start Typesense at http://127.0.0.1:9, or set SEARCH_DOCS_TYPESENSE_URL to where it runs",
    );
  }, 30_000);
});
