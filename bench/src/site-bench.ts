// The site crawler's recall check (issue 32): the shared corpus served as an HTML docs site on
// the loopback address (pages with navigation, a cookie banner, a table of contents and a footer
// around the content; a sitemap), crawled with indexSite, and searched beside the same corpus
// written as a folder (as folder-bench.ts writes it); recall@8 / MRR@8 on the dev set for both.
//   node src/site-bench.ts [--corpus docs.jsonl] [--queries dev-queries.jsonl]
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import type { SearchBackend } from "@search-docs/core";
import { defaultLimits } from "@search-docs/core";
import {
  folderBackend,
  indexFolder,
  indexSite,
  siteBackend,
  siteCollection,
  toMarkdown,
} from "@search-docs/core/folder";
import type { ResultTarget } from "./gold-metrics.ts";
import { loadBenchCorpus } from "./load-bench-corpus.ts";
import { loadQueries } from "./load-queries.ts";
import { scoreAnswers } from "./score-answers.ts";

const { values } = parseArgs({
  options: {
    corpus: { type: "string", default: "/work/shared/corpus/docs.jsonl" },
    queries: { type: "string", default: "/work/shared/queries/dev-queries.jsonl" },
  },
});
const k = 8;
const work = mkdtempSync(join(tmpdir(), "search-docs-site-bench-"));
const escapeHtml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

const corpus = loadBenchCorpus(values.corpus);
const queries = loadQueries(values.queries, corpus);
// One page (and one file) per document: `<area>/<slug>`, its id appended on a clash.
const byPath = new Map<string, string>();
const pages = new Map<string, string>();
for (const document of corpus.values()) {
  let path = `${document.area}/${document.slug}`;
  if (byPath.has(path)) path = `${path}-${document.id}`;
  byPath.set(path, document.id);
  const sections = document.sections
    .map((section) => `<h2>${escapeHtml(section.heading)}</h2>\n<p>${escapeHtml(section.text)}</p>`)
    .join("\n");
  pages.set(
    `/docs/${path}`,
    `<!doctype html><html><head><title>${escapeHtml(document.title)} | Docs</title></head><body>
<header><a href="/docs/">Docs home</a></header><div class="cookie-banner">We use cookies.</div>
<nav class="sidebar"><a href="/docs/">All pages</a></nav>
<main><article>${sections}<footer><a href="/edit">Edit this page</a></footer></article></main>
<aside class="toc">On this page</aside><footer>Copyright Example</footer></body></html>`,
  );
  mkdirSync(join(work, "docs", document.area), { recursive: true });
  writeFileSync(
    join(work, "docs", `${path}.md`),
    toMarkdown({
      title: document.title,
      updated: document.updated,
      sections: document.sections.map((section) => ({
        heading: section.heading,
        body: section.text,
      })),
    }),
  );
}
const server = createServer((request, response) => {
  const path = request.url ?? "/";
  if (path === "/sitemap.xml") {
    response.writeHead(200, { "content-type": "application/xml" });
    return response.end(
      `<urlset>${[...pages.keys()].map((page) => `<url><loc>${origin}${page}</loc></url>`).join("")}</urlset>`,
    );
  }
  const page = pages.get(path);
  response.writeHead(page === undefined ? 404 : 200, { "content-type": "text/html" });
  response.end(page ?? "not found");
});
await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

try {
  const site = await indexSite({
    url: `${origin}/docs/`,
    indexPath: join(work, "site.sqlite"),
    maxPages: 5_000,
  });
  process.stderr.write(`[site-bench] crawl: ${JSON.stringify(site)}\n`);
  await indexFolder({ root: join(work, "docs"), indexPath: join(work, "folder.sqlite") });
  const folder = folderBackend({
    root: join(work, "docs"),
    indexPath: join(work, "folder.sqlite"),
    autoIndex: false,
  });
  const crawled = siteBackend({
    url: `${origin}/docs/`,
    indexPath: join(work, "site.sqlite"),
    autoIndex: false,
  });
  const attempt = {
    caller: { token: "local" },
    signal: new AbortController().signal,
    limits: defaultLimits,
    timeLeftMs: () => 5000,
    annotate: () => {},
  };
  // One ranking per query over the area (the folder: its area's collection; the site: its one
  // collection, hits kept in the area's path — the same FTS5 statistics either way).
  const answer = async (
    backend: SearchBackend,
    collectionOf: (area: string | undefined) => string[],
    pathOf: (collectionId: string, documentId: string) => string,
  ) => {
    const answers = [];
    for (const query of queries) {
      const hits: { score: number; target: ResultTarget }[] = [];
      for (const collectionId of collectionOf(query.area)) {
        const outcome = await backend.searchPage(
          { collectionId, query: query.query, pageSize: 100, continuation: undefined },
          attempt,
        );
        if (outcome.kind !== "page") continue;
        for (const hit of outcome.hits) {
          const path = pathOf(collectionId, hit.documentId);
          if (query.area !== undefined && !path.startsWith(`${query.area}/`)) continue;
          hits.push({
            score: hit.score,
            target: { docId: byPath.get(path) ?? "?", section: Number(hit.section) - 1 },
          });
        }
      }
      hits.sort((left, right) => right.score - left.score);
      answers.push({ query, targets: hits.slice(0, k).map((hit) => hit.target) });
    }
    return scoreAnswers(answers);
  };
  const areas = [...new Set([...corpus.values()].map((document) => document.area))];
  const folderScores = await answer(
    folder,
    (area) => (area === undefined ? areas : [area]),
    (collectionId, documentId) => `${collectionId}/${documentId.replace(/\.md$/, "")}`,
  );
  const siteScores = await answer(
    crawled,
    () => [siteCollection],
    (_collectionId, documentId) => documentId,
  );
  const pick = ({ recallAt8, sectionRecallAt8, mrrAt8, queries: count }: typeof folderScores) => ({
    queries: count,
    recallAt8,
    sectionRecallAt8,
    mrrAt8,
  });
  process.stdout.write(
    `${JSON.stringify({ crawl: site, folder: pick(folderScores), site: pick(siteScores), recallDifference: siteScores.recallAt8 - folderScores.recallAt8 }, null, 2)}\n`,
  );
  folder.close();
  crawled.close();
} finally {
  server.closeAllConnections();
  server.close();
  rmSync(work, { recursive: true, force: true });
}
