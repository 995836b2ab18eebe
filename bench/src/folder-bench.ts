// The folder backend's bench (issue 22): the shared corpus written as Markdown (one folder per
// area), indexed with SQLite FTS5 in process; time to index, index size, search latency per call,
// recall@8 / MRR@8 on the dev set beside the fake docs service's first stage, and peak RSS while
// indexing 20,000 files (in a child process, so nothing else counts in it). Not a timed test.
//   node src/folder-bench.ts [--corpus docs.jsonl] [--queries dev-queries.jsonl] [--files 20000] [--out results/folder.json]
import { spawnSync } from "node:child_process";
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { parseArgs } from "node:util";
import { defaultLimits } from "@search-docs/core";
import { folderBackend, indexFolder, toMarkdown } from "@search-docs/core/folder";
import { type CorpusDocument, startFakeDocsService } from "@search-docs/core/testing";
import { mean, percentile } from "@search-docs/measure";
import { corpusMarkdown } from "./corpus-markdown.ts";
import type { ResultTarget } from "./gold-metrics.ts";
import { loadBenchCorpus } from "./load-bench-corpus.ts";
import { type BenchQuery, loadQueries } from "./load-queries.ts";
import { type AnswerScores, scoreAnswers } from "./score-answers.ts";

const { values } = parseArgs({
  options: {
    corpus: { type: "string", default: "/work/shared/corpus/docs.jsonl" },
    queries: { type: "string", default: "/work/shared/queries/dev-queries.jsonl" },
    files: { type: "string", default: "20000" },
    repeats: { type: "string", default: "5" },
    out: { type: "string" },
    "rss-child": { type: "string" },
  },
});

if (values["rss-child"] !== undefined) {
  // The child: index the folder it is given, then report its own peak RSS.
  const root = values["rss-child"];
  const summary = await indexFolder({ root, indexPath: join(dirname(root), "rss-index.sqlite") });
  const usage = process.resourceUsage();
  process.stdout.write(
    JSON.stringify({
      summary,
      maxRssMiB: usage.maxRSS / 1024,
      // CPU time, beside the wall time: on a shared machine the wall time is mostly waiting.
      cpuMs: (usage.userCPUTime + usage.systemCPUTime) / 1000,
    }),
  );
  process.exit(0);
}

const progress = (message: string) => process.stderr.write(`[folder-bench] ${message}\n`);
const work = mkdtempSync(join(tmpdir(), "search-docs-folder-bench-"));
const k = 8;

try {
  const corpus = loadBenchCorpus(values.corpus);
  const queries = loadQueries(values.queries, corpus);
  const root = join(work, "docs");
  const docIdByPath = writeCorpus(root, [...corpus.values()]);
  progress(`wrote ${docIdByPath.size} documents under ${root}`);

  // Index: cold (no index file), then again with nothing changed (every file unchanged).
  const indexPath = join(work, "index.sqlite");
  const coldCpu = process.cpuUsage();
  const cold = await indexFolder({ root, indexPath });
  const { user, system } = process.cpuUsage(coldCpu);
  const warm = await indexFolder({ root, indexPath });
  progress(
    `indexed ${cold.files} files, ${cold.sections} sections in ${cold.durationMs} ms; unchanged run ${warm.durationMs} ms`,
  );

  const backend = folderBackend({ root, indexPath, autoIndex: false });
  const areas = [...new Set([...corpus.values()].map((document) => document.area))];
  const attempt = {
    caller: { token: "local" },
    signal: new AbortController().signal,
    limits: defaultLimits,
    timeLeftMs: () => 5000,
    annotate: () => {},
  };

  // Folder arm: each query over its area's collection (or every area), top 8 by BM25.
  const latencies: number[] = [];
  // Per query, its fastest repeat: the call's own cost, without the other tenants' scheduling.
  const fastest: number[] = [];
  const folderAnswers = [];
  for (const query of queries) {
    const collections = query.area === undefined ? areas : [query.area];
    let hits: { score: number; target: ResultTarget }[] = [];
    const perCall = new Map<string, number>();
    for (let repeat = 0; repeat < Number(values.repeats); repeat++) {
      hits = [];
      for (const collectionId of collections) {
        const started = performance.now();
        const outcome = await backend.searchPage(
          { collectionId, query: query.query, pageSize: 20, continuation: undefined },
          attempt,
        );
        const took = performance.now() - started;
        latencies.push(took);
        perCall.set(collectionId, Math.min(perCall.get(collectionId) ?? took, took));
        if (outcome.kind === "page") {
          for (const hit of outcome.hits) {
            hits.push({
              score: hit.score,
              target: {
                docId: docIdByPath.get(`${collectionId}/${hit.documentId}`) ?? "?",
                // The folder numbers sections from 1, the dev set from 0.
                section: Number(hit.section) - 1,
              },
            });
          }
        } else if (outcome.kind !== "no_match") {
          throw new Error(`folder search failed: ${JSON.stringify(outcome)}`);
        }
      }
    }
    fastest.push(...perCall.values());
    hits.sort((left, right) => right.score - left.score);
    folderAnswers.push({
      query,
      targets: hits.slice(0, k).map((hit) => hit.target),
      status: hits.length === 0 ? "no_matches" : "ok",
    });
  }
  backend.close();

  const fake = await fakeFirstStage(values.corpus, queries);
  const rss = measureRss(Number(values.files), [...corpus.values()]);

  const report = {
    corpus: { path: values.corpus, documents: cold.files, sections: cold.sections },
    index: {
      coldMs: cold.durationMs,
      // CPU time of the same run: what the wall time would be on an idle machine, near enough.
      coldCpuMs: Math.round((user + system) / 1000),
      unchangedMs: warm.durationMs,
      bytes: cold.indexBytes,
      mib: round(cold.indexBytes / 1024 / 1024),
    },
    search: {
      calls: latencies.length,
      p50Ms: round(percentile(latencies, 50)),
      p95Ms: round(percentile(latencies, 95)),
      meanMs: round(mean(latencies)),
      fastestOfRepeats: {
        p50Ms: round(percentile(fastest, 50)),
        p95Ms: round(percentile(fastest, 95)),
      },
      loadAverage: loadavg().map(round),
    },
    dev: {
      queries: values.queries,
      folder: figures(scoreAnswers(folderAnswers)),
      fakeFirstStage: figures(scoreAnswers(fake)),
    },
    rss,
    targets: {
      "index 640 docs <= 5 s": cold.durationMs <= 5000,
      "search p95 <= 15 ms": percentile(latencies, 95) <= 15,
      "dev recall@8 >= fake first stage":
        scoreAnswers(folderAnswers).recallAt8 >= scoreAnswers(fake).recallAt8,
      "RSS indexing 20,000 files <= 300 MiB": rss.maxRssMiB <= 300,
    },
  };
  const text = `${JSON.stringify(report, null, 2)}\n`;
  if (values.out !== undefined) {
    mkdirSync(dirname(values.out), { recursive: true });
    writeFileSync(values.out, text);
  }
  process.stdout.write(text);
} finally {
  rmSync(work, { recursive: true, force: true });
}

/** One `<area>/<slug>.md` per document (its id appended on a clash); path → document id. */
function writeCorpus(root: string, documents: readonly CorpusDocument[]): Map<string, string> {
  const docIdByPath = new Map<string, string>();
  for (const document of documents) {
    let path = `${document.area}/${document.slug}.md`;
    if (docIdByPath.has(path)) path = `${document.area}/${document.slug}-${document.id}.md`;
    docIdByPath.set(path, document.id);
    mkdirSync(join(root, document.area), { recursive: true });
    const file = join(root, path);
    writeFileSync(file, corpusMarkdown(document));
    const date = new Date(`${document.updated}T00:00:00Z`);
    utimesSync(file, date, date);
  }
  return docIdByPath;
}

/** The fake docs service's own ranking: page one of each collection in scope, merged by score. */
async function fakeFirstStage(corpus: string, queries: readonly BenchQuery[]) {
  const service = await startFakeDocsService({ corpus });
  try {
    const answers = [];
    for (const query of queries) {
      const collections =
        query.area === undefined
          ? Object.values(service.areas).flat()
          : (service.areas[query.area] ?? []);
      const items: { score: number; target: ResultTarget }[] = [];
      for (const collectionId of collections) {
        const url = new URL(`/v2/collections/${collectionId}/documents/search`, service.url);
        url.searchParams.set("query", query.query);
        url.searchParams.set("page_size", "20");
        const response = await fetch(url, {
          headers: { authorization: `Bearer ${service.tokens.everything}` },
        });
        if (response.status === 404) continue;
        if (!response.ok) throw new Error(`fake service answered ${response.status}`);
        const body = (await response.json()) as {
          items: { document_id: string; score: number; section?: number }[];
        };
        for (const item of body.items) {
          items.push({
            score: item.score,
            target: { docId: item.document_id, section: item.section },
          });
        }
      }
      items.sort((left, right) => right.score - left.score);
      answers.push({
        query,
        targets: items.slice(0, k).map((item) => item.target),
        status: items.length === 0 ? "no_matches" : "ok",
      });
    }
    return answers;
  } finally {
    await service.close();
  }
}

/** Writes `count` files (the corpus, over and over, 200 per folder) and indexes them in a child. */
function measureRss(count: number, documents: readonly CorpusDocument[]) {
  const root = join(work, "many", "docs");
  for (let index = 0; index < count; index++) {
    const document = documents[index % documents.length] as CorpusDocument;
    const folder = join(root, document.area, `part-${Math.floor(index / 200)}`);
    mkdirSync(folder, { recursive: true });
    writeFileSync(
      join(folder, `${document.slug}-${index}.md`),
      toMarkdown({
        title: `${document.title} ${index}`,
        sections: document.sections.map((section) => ({
          heading: section.heading,
          body: section.text,
        })),
      }),
    );
  }
  progress(`wrote ${count} files; indexing them in a child process`);
  const child = spawnSync(process.execPath, [process.argv[1] as string, "--rss-child", root], {
    encoding: "utf8",
    maxBuffer: 16 * 1024 * 1024,
  });
  if (child.status !== 0) throw new Error(`rss child failed: ${child.stderr}`);
  const { summary, maxRssMiB, cpuMs } = JSON.parse(child.stdout) as {
    summary: { files: number; sections: number; durationMs: number; indexBytes: number };
    maxRssMiB: number;
    cpuMs: number;
  };
  return {
    files: summary.files,
    sections: summary.sections,
    indexMs: summary.durationMs,
    processCpuMs: Math.round(cpuMs),
    indexMiB: round(summary.indexBytes / 1024 / 1024),
    maxRssMiB: round(maxRssMiB),
    folderMiB: round(folderBytes(root) / 1024 / 1024),
  };
}

function folderBytes(root: string): number {
  let total = 0;
  const stack = [root];
  while (stack.length > 0) {
    const path = stack.pop() as string;
    const stats = statSync(path);
    if (stats.isDirectory()) {
      for (const name of readdirSync(path)) stack.push(join(path, name));
    } else total += stats.size;
  }
  return total;
}

function figures(scores: AnswerScores) {
  return {
    queries: scores.queries,
    recallAt8: round(scores.recallAt8),
    mrrAt8: round(scores.mrrAt8),
    sectionRecallAt8: round(scores.sectionRecallAt8),
    sectionMrrAt8: round(scores.sectionMrrAt8),
    noAnswer: scores.noAnswer,
  };
}

function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}
