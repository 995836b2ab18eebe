import {
  crawlerIndexMapping,
  type FakeElasticsearch,
  type Flavor,
  startFakeElasticsearch,
} from "@search-docs/test-servers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDocsSearch } from "../create-docs-search.js";
import type { Limits } from "../limits.js";
import { elasticsearchBackend } from "./elasticsearch-backend.js";
import { elasticCrawlerFields } from "./elasticsearch-page-fields.js";

// Issue 29, "Elasticsearch 8 index of whole pages": page-level indexes as the Elastic web crawler
// and home-grown indexers write them, through createDocsSearch against the fake engines (both
// wires): search → a ref at the section that matched → get_document from that section → the
// page's own link with the section's anchor.

const site = "https://docs.example.com";
const caller = { headers: { authorization: "ApiKey reader" } };

/** A crawled page of 30 headings, each followed by text with a word only it holds (`marker<n>`). */
function setupPage() {
  const headings = Array.from({ length: 30 }, (_, n) => `Step ${n + 1} configure part ${n + 1}`);
  const body = headings
    .map((heading, n) => `${heading} Do this: marker${n + 1} matters here and nowhere else.`)
    .join(" ");
  return {
    id: "page-setup",
    title: "Setup guide",
    body_content: body,
    headings,
    url: `${site}/guide/setup`,
    last_crawled_at: "2026-11-30T10:00:00Z",
  };
}

// Longer than index.highlight.max_analyzed_offset (1,000,000): the crawler keeps bodies to 5 MB.
const hugePage = {
  id: "page-huge",
  title: "API reference",
  body_content: `Overview ${"lorem ipsum dolor sit amet ".repeat(40_000)} Appendix The zebrafar lives only here.`,
  headings: ["Overview", "Appendix"],
  url: `${site}/api`,
};

const glossary = {
  id: "page-glossary",
  title: "Glossary",
  body_content: "A quokka is a small marsupial. The wombat digs burrows.",
  headings: [],
  url: `${site}/glossary`,
  last_crawled_at: "2026-11-01T10:00:00Z",
};

// A home-grown index: Markdown bodies, its own keyword id, section anchors from the headings.
const markdownPage = {
  id: "md-1",
  page_id: "handbook/deploys",
  title: "Deploys",
  body: "Intro to deploys.\n\n## Roll back a release\nRun `deploy rollback` within ten minutes.\n\n```sh\n# not a heading: pelican\n```\n\n## Freeze windows\nNo deploys on Fridays.",
  url: `${site}/handbook/deploys`,
  updated_at: "2026-10-10",
};

// An index of HTML pages: sections at h1-h6, links at the headings' own ids.
const htmlPage = {
  id: "html-1",
  title: "Alerts",
  body: '<p>About alerts.</p><h2 id="silence">Silence an <code>alert</code></h2><p>Use amtool to silence a noisy heron alert.</p><h2 id="route">Routing</h2><p>Routes go by label.</p>',
  url: `${site}/alerts`,
};

// Section records that carry their own address (with its anchor).
const sectionRecords = [
  {
    id: "s-1",
    document_id: "faq",
    section: 1,
    title: "FAQ",
    heading: "Billing",
    body: "Invoices arrive monthly.",
    url: `${site}/faq#billing`,
  },
  {
    id: "s-2",
    document_id: "faq",
    section: 2,
    title: "FAQ",
    heading: "Refunds",
    body: "Refunds take a flamingo week.",
    url: `${site}/faq#refunds`,
  },
];

describe.each(["elasticsearch", "opensearch"] as const)(
  "%s: page-level records",
  (flavor: Flavor) => {
    let fake: FakeElasticsearch;
    beforeAll(async () => {
      fake = await startFakeElasticsearch({
        flavor,
        idField: "id",
        indices: {
          "search-site": [setupPage(), glossary, hugePage],
          "handbook-pages": [markdownPage],
          "html-pages": [htmlPage],
          "faq-sections": sectionRecords,
        },
        mappings: { "search-site": { ...crawlerIndexMapping } },
      });
    });
    afterAll(() => fake.close());

    const crawled = (limits?: Partial<Limits>) =>
      createDocsSearch({
        backend: elasticsearchBackend({
          url: fake.url,
          flavor,
          records: "pages",
          pageFields: elasticCrawlerFields,
        }),
        areas: { site: ["search-site"] },
        portalUrl: "https://portal.example.com",
        ...(limits === undefined ? {} : { limits }),
      });

    it("a page with 30 headings gives 30 refs, each opening at its section with its link", async () => {
      const docs = crawled();
      const refs = new Set<string>();
      for (let n = 1; n <= 30; n++) {
        const { output, urls } = await docs.search({ query: `marker${n}` }, { caller });
        expect(output.status).toBe("ok");
        const ref = output.results[0]?.ref ?? "";
        expect(ref).toMatch(new RegExp(`#${n}$`));
        expect(output.results[0]?.passage).toContain(`marker${n}`);
        const link = `${site}/guide/setup#:~:text=Step%20${n}%20configure%20part%20${n}`;
        expect(urls[ref]).toBe(link);
        refs.add(ref);
        const read = await docs.getDocument({ ref }, { caller });
        expect(read.output.status).toBe("ok");
        expect(read.output.title).toBe("Setup guide");
        expect(
          read.output.content?.startsWith(`Step ${n} configure part ${n}\nDo this: marker${n} `),
        ).toBe(true);
        expect(read.urls[ref]).toBe(link);
      }
      expect(refs.size).toBe(30);
    });

    it("a page with no headings is one section: ref #1, the whole body, the page's own URL", async () => {
      const docs = crawled();
      const { output, urls } = await docs.search({ query: "wombat burrows" }, { caller });
      const ref = output.results[0]?.ref ?? "";
      expect(ref).toMatch(/#1$/);
      expect(urls[ref]).toBe(`${site}/glossary`);
      const read = await docs.getDocument({ ref }, { caller });
      expect(read.output.content).toBe(`Glossary\n${glossary.body_content}`);
      expect(read.output.updated).toBe("2026-11-01");
      expect(read.urls[ref]).toBe(`${site}/glossary`);
    });

    it("a body past the highlighter's 1,000,000 characters: no 400, the match placed by the query's words", async () => {
      const docs = crawled();
      const { output } = await docs.search({ query: "zebrafar" }, { caller });
      expect(output.status).toBe("ok");
      const ref = output.results[0]?.ref ?? "";
      expect(ref).toMatch(/#2$/);
      const read = await docs.getDocument({ ref }, { caller });
      expect(read.output.content).toBe("Appendix\nThe zebrafar lives only here.");
      const body = JSON.parse(
        fake.requests.findLast((r) => r.body.includes("zebrafar"))?.body ?? "{}",
      );
      const limit = flavor === "opensearch" ? "max_analyzer_offset" : "max_analyzed_offset";
      expect(body.highlight[limit]).toBe(999_999);
    });

    it("past limits.documentSections the last section runs to the end, numbered alike in search and get_document", async () => {
      const docs = crawled({ documentSections: 10 });
      const { output } = await docs.search({ query: "marker25" }, { caller });
      const ref = output.results[0]?.ref ?? "";
      expect(ref).toMatch(/#10$/);
      const read = await docs.getDocument({ ref }, { caller });
      expect(read.output.content).toMatch(/^Step 10 configure part 10\n/);
      expect(read.output.content).toContain("marker25");
      expect(read.output.content).toContain("marker30");
    });

    it("a Markdown page index: sections at its headings (not in code), a term lookup, GitHub anchors", async () => {
      const docs = createDocsSearch({
        backend: elasticsearchBackend({
          url: fake.url,
          flavor,
          records: "pages",
          pageFormat: "markdown",
          pageFields: { documentId: "page_id" },
        }),
        areas: { handbook: ["handbook-pages"] },
      });
      const { output, urls } = await docs.search({ query: "rollback" }, { caller });
      const ref = output.results[0]?.ref ?? "";
      expect(ref).toMatch(/#2$/);
      expect(urls[ref]).toBe(`${site}/handbook/deploys#roll-back-a-release`);
      const read = await docs.getDocument({ ref }, { caller });
      expect(read.output.content).toMatch(/^Roll back a release\nRun `deploy rollback`/);
      expect(read.urls[ref]).toBe(`${site}/handbook/deploys#roll-back-a-release`);
      const fenced = await docs.search({ query: "pelican" }, { caller });
      expect(fenced.output.results[0]?.ref).toMatch(/#2$/);
      const get = JSON.parse(fake.requests.at(-2)?.body ?? "{}");
      expect(get.query).toEqual({ bool: { filter: [{ term: { page_id: "handbook/deploys" } }] } });
    });

    it("an HTML page index: sections at its h2s, the heading's text without tags, its id as the anchor", async () => {
      const docs = createDocsSearch({
        backend: elasticsearchBackend({
          url: fake.url,
          flavor,
          records: "pages",
          pageFormat: "html",
        }),
        areas: { alerts: ["html-pages"] },
      });
      const { output, urls } = await docs.search({ query: "heron" }, { caller });
      const ref = output.results[0]?.ref ?? "";
      expect(ref).toMatch(/#2$/);
      expect(urls[ref]).toBe(`${site}/alerts#silence`);
      const read = await docs.getDocument({ ref }, { caller });
      expect(read.output.content).toMatch(
        /^Silence an alert\nUse amtool to silence a noisy heron alert\./,
      );
    });

    it("section records with a url field: the ref links to it; without one, under portalUrl", async () => {
      const docs = createDocsSearch({
        backend: elasticsearchBackend({ url: fake.url, flavor }),
        areas: { faq: ["faq-sections"] },
        portalUrl: "https://portal.example.com",
      });
      const { output, urls } = await docs.search({ query: "flamingo refunds" }, { caller });
      const ref = output.results[0]?.ref ?? "";
      expect(urls[ref]).toBe(`${site}/faq#refunds`);
      const read = await docs.getDocument({ ref }, { caller });
      expect(read.urls[ref]).toBe(`${site}/faq#refunds`);
      const plain = createDocsSearch({
        backend: elasticsearchBackend({ url: fake.url, flavor, fields: { url: "no_such_field" } }),
        areas: { faq: ["faq-sections"] },
        portalUrl: "https://portal.example.com",
      });
      const unlinked = await plain.search({ query: "flamingo refunds" }, { caller });
      const plainRef = unlinked.output.results[0]?.ref ?? "";
      expect(unlinked.urls[plainRef]).toBe(`https://portal.example.com/${plainRef}`);
    });

    it("asks for the crawler's fields: body_content highlighted, headings searched, get_document by ids", async () => {
      const docs = crawled();
      const { output } = await docs.search({ query: "quokka" }, { caller });
      const search = JSON.parse(
        fake.requests.findLast(
          (request) =>
            request.path === "/search-site/_search" && request.body.includes("multi_match"),
        )?.body ?? "{}",
      );
      expect(search.query.multi_match.fields).toEqual(["title^3", "headings", "body_content"]);
      expect(Object.keys(search.highlight.fields)).toEqual(["body_content"]);
      expect(search.size).toBe(10);
      await docs.getDocument({ ref: output.results[0]?.ref ?? "" }, { caller });
      const get = JSON.parse(fake.requests.at(-1)?.body ?? "{}");
      expect(get.query).toEqual({ bool: { filter: [{ ids: { values: ["page-glossary"] } }] } });
    });
  },
);
