// pnpm bench: search-docs side by side with the seed's loop on the fake docs service.
// See bench/README.md for the arms, the scenarios, the flags and how each figure is computed.
import { mkdirSync, writeFileSync } from "node:fs";
import { relative } from "node:path";
import { applyScenario } from "./apply-scenario.ts";
import { parseBenchFlags, usage } from "./bench-flags.ts";
import type { BenchReport, KeepAliveReport, ScenarioReport } from "./bench-report.ts";
import { armNames, createArms } from "./create-arms.ts";
import { describeMachine } from "./describe-machine.ts";
import { createDocsSearchArm } from "./docs-search-arm.ts";
import { evaluateTargets } from "./evaluate-targets.ts";
import { runHeapCheck } from "./heap-check.ts";
import { loadBenchCorpus, sampleCorpusPath } from "./load-bench-corpus.ts";
import { type BenchQuery, loadQueries } from "./load-queries.ts";
import { renderChart } from "./render-chart.ts";
import { renderTable } from "./render-table.ts";
import { runRerankMicroBench } from "./rerank-micro-bench.ts";
import { measureCpu, runInterleaved } from "./run-interleaved.ts";
import { startServiceProcess } from "./service-process.ts";
import { distribution, summarizeArm } from "./summarize-arm.ts";

const flags = parseBenchFlags(process.argv.slice(2));
if (flags.help) {
  process.stdout.write(usage);
  process.exit(0);
}
const started = performance.now();
const progress = (message: string) =>
  process.stderr.write(
    `[bench ${((performance.now() - started) / 1000).toFixed(0)}s] ${message}\n`,
  );

const machine = describeMachine();
const corpusPath = flags.corpus ?? sampleCorpusPath();
const corpus = loadBenchCorpus(corpusPath);
let queries = loadQueries(flags.queries, corpus);
if (flags.limit > 0) queries = queries.slice(0, flags.limit);
const runQueries: BenchQuery[] = Array.from({ length: flags.repeat }, () => queries).flat();
const latency = { medianMs: flags.latencyMedianMs, p95Ms: flags.latencyP95Ms };
const service = await startServiceProcess({
  corpus: corpusPath,
  collectionsPerArea: flags.collectionsPerArea,
  seed: flags.seed,
  latency,
});
const headers = { authorization: `Bearer ${service.tokens.everything}` };
const armsOptions = { baseUrl: service.url, areas: service.areas, headers };
const warmUp = queries.slice(0, 20);
const scenarios: BenchReport["scenarios"] = {};
let keepAlive: KeepAliveReport | undefined;
let heap: BenchReport["heap"];
let rerank: BenchReport["rerank"];

try {
  progress(
    `${queries.length} queries x ${flags.repeat}, ${Object.keys(service.areas).length} areas, service at ${service.url}`,
  );
  // JIT, connection pools, lazy imports: none of that belongs in the first measured calls.
  await service.setLatency(undefined);
  await measureCpu(createArms(armsOptions), warmUp);
  await service.setLatency(latency);

  for (const scenario of flags.scenarios) {
    const scenarioStarted = performance.now();
    const description = await applyScenario(service, scenario, flags);
    progress(`scenario ${scenario}: ${description}`);
    const results = await runInterleaved(createArms(armsOptions), runQueries, {
      concurrency: flags.concurrency,
    });
    const arms = Object.fromEntries(
      armNames.map((name) => [name, summarizeArm(results[name])]),
    ) as ScenarioReport["arms"];
    scenarios[scenario] = {
      description,
      seconds: Math.round((performance.now() - scenarioStarted) / 100) / 10,
      arms,
    };
  }
  await service.clearFaults();

  if (!flags.skip.includes("cpu") && scenarios["no-faults"] !== undefined) {
    progress("CPU per call, one call at a time");
    await service.setLatency(undefined);
    const arms = createArms(armsOptions);
    await measureCpu(arms, warmUp);
    const cpu = await measureCpu(arms, runQueries);
    for (const name of armNames) {
      const summary = scenarios["no-faults"].arms[name];
      summary.cpuMs = distribution(cpu[name]);
    }
    await service.setLatency(latency);
  }

  if (!flags.skip.includes("keep-alive")) {
    progress("keep-alive against a new connection per request");
    const pair = {
      keepAlive: createDocsSearchArm(armsOptions),
      noKeepAlive: createDocsSearchArm({
        ...armsOptions,
        headers: { ...headers, connection: "close" },
      }),
    };
    const results = await runInterleaved(pair, runQueries, { concurrency: flags.concurrency });
    await service.setLatency(undefined);
    await measureCpu(pair, warmUp);
    const cpu = await measureCpu(pair, runQueries);
    await service.setLatency(latency);
    keepAlive = {
      keepAlive: {
        latencyMs: summarizeArm(results.keepAlive).latencyMs,
        cpuMs: distribution(cpu.keepAlive),
      },
      noKeepAlive: {
        latencyMs: summarizeArm(results.noKeepAlive).latencyMs,
        cpuMs: distribution(cpu.noKeepAlive),
      },
    };
  }

  if (!flags.skip.includes("rerank")) {
    progress(`default reranker on ${flags.rerankCandidates} candidates`);
    rerank = await runRerankMicroBench({
      documents: corpus.values(),
      queries: queries.map((query) => query.query),
      count: flags.rerankCandidates,
    });
  }

  if (!flags.skip.includes("heap") && flags.heapCalls > 0) {
    progress(`heap over ${flags.heapCalls} calls (no upstream latency)`);
    await service.setLatency(undefined);
    heap = await runHeapCheck({
      call: createDocsSearchArm({ ...armsOptions, scoreResults: false }),
      queries,
      calls: flags.heapCalls,
      concurrency: 8,
    });
  }
} finally {
  await service.close();
}

const collections = Object.fromEntries(
  Object.entries(service.areas).map(([area, ids]) => [area, ids.length]),
);
const withoutTargets: Omit<BenchReport, "targets"> = {
  machine,
  settings: {
    corpus: relative(process.cwd(), corpusPath) || corpusPath,
    queries: relative(process.cwd(), flags.queries) || flags.queries,
    queryCount: queries.length,
    repeat: flags.repeat,
    concurrency: flags.concurrency,
    latency,
    collections,
  },
  scenarios,
  ...(keepAlive === undefined ? {} : { keepAlive }),
  ...(rerank === undefined ? {} : { rerank }),
  ...(heap === undefined ? {} : { heap }),
  seconds: Math.round((performance.now() - started) / 100) / 10,
};
const report: BenchReport = { ...withoutTargets, targets: evaluateTargets(withoutTargets) };

const resultsDirectory = new URL("../results/", import.meta.url);
mkdirSync(resultsDirectory, { recursive: true });
const jsonFile = new URL(`${flags.outName}.json`, resultsDirectory);
const svgFile = new URL(`${flags.outName}.svg`, resultsDirectory);
writeFileSync(jsonFile, `${JSON.stringify(report, null, 2)}\n`);
writeFileSync(svgFile, renderChart(report));
process.stdout.write(
  `${`# pnpm bench — ${machine.date.slice(0, 10)}, ${machine.cores} cores, ${machine.memoryGiB} GiB, Node ${machine.node} (load ${machine.loadAverageAtStart} at start)\n\n`}${renderTable(report)}\n\nWritten: ${relative(process.cwd(), jsonFile.pathname)}, ${relative(process.cwd(), svgFile.pathname)} (${report.seconds} s)\n`,
);
