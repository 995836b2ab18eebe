import { parseArgs } from "node:util";

export const scenarioNames = ["no-faults", "reindex", "shed"] as const;
export type ScenarioName = (typeof scenarioNames)[number];
export const extraNames = ["cpu", "keep-alive", "rerank", "heap"] as const;
export type ExtraName = (typeof extraNames)[number];

export interface BenchFlags {
  /** A corpus `.jsonl`; undefined for the sample corpus. */
  corpus: string | undefined;
  queries: string;
  /** Use only the first N queries (0 = all). */
  limit: number;
  /** Run the query set this many times per scenario. */
  repeat: number;
  concurrency: number;
  latencyMedianMs: number;
  latencyP95Ms: number;
  collectionsPerArea: number;
  scenarios: ScenarioName[];
  /** The area whose collections reindex during the `reindex` scenario; default the first. */
  reindexArea: string | undefined;
  shedRate: number;
  retryAfterSeconds: number;
  heapCalls: number;
  rerankCandidates: number;
  skip: ExtraName[];
  seed: number;
  /** Results go to bench/results/<outName>.json and .svg. */
  outName: string;
  help: boolean;
}

export const usage = `pnpm bench [flags]

  --corpus <docs.jsonl>        corpus to serve (default: the sample corpus)
  --queries <queries.jsonl>    query set with gold (default: bench/tasks/queries.jsonl)
  --limit <n>                  only the first n queries (default: all)
  --repeat <n>                 run the query set n times per scenario (default: 1)
  --concurrency <n>            calls in flight at once (default: 4)
  --latency-median <ms>        upstream latency median (default: 40)
  --latency-p95 <ms>           upstream latency p95 (default: 90)
  --collections-per-area <n>   collections each area is split into (default: 1)
  --scenarios <list>           of no-faults,reindex,shed (default: all)
  --reindex-area <area>        area reindexing in the reindex scenario (default: the first)
  --shed-rate <0..1>           share of requests shed with 429 (default: 0.1)
  --retry-after <s>            Retry-After on the 429s (default: 0)
  --heap-calls <n>             calls of the heap check (default: 10000)
  --rerank-candidates <n>      candidates of the reranker micro-benchmark (default: 480)
  --skip <list>                of cpu,keep-alive,rerank,heap
  --seed <n>                   seed of the service's latency and faults (default: 1)
  --out-name <name>            writes bench/results/<name>.json and .svg (default: latest)
`;

export function parseBenchFlags(argv: readonly string[]): BenchFlags {
  const { values } = parseArgs({
    args: [...argv],
    strict: true,
    options: {
      corpus: { type: "string" },
      queries: { type: "string" },
      limit: { type: "string", default: "0" },
      repeat: { type: "string", default: "1" },
      concurrency: { type: "string", default: "4" },
      "latency-median": { type: "string", default: "40" },
      "latency-p95": { type: "string", default: "90" },
      "collections-per-area": { type: "string", default: "1" },
      scenarios: { type: "string", default: scenarioNames.join(",") },
      "reindex-area": { type: "string" },
      "shed-rate": { type: "string", default: "0.1" },
      "retry-after": { type: "string", default: "0" },
      "heap-calls": { type: "string", default: "10000" },
      "rerank-candidates": { type: "string", default: "480" },
      skip: { type: "string", default: "" },
      seed: { type: "string", default: "1" },
      "out-name": { type: "string", default: "latest" },
      help: { type: "boolean", short: "h", default: false },
    },
  });
  const number = (name: keyof typeof values, minimum: number, maximum = Infinity) => {
    const raw = values[name] as string;
    const value = Number(raw);
    if (raw.trim() === "" || !Number.isFinite(value) || value < minimum || value > maximum) {
      throw new RangeError(`--${name} must be a number from ${minimum} to ${maximum}, got ${raw}`);
    }
    return value;
  };
  const list = <Name extends string>(flag: string, raw: string, known: readonly Name[]) => {
    const names = raw
      .split(",")
      .map((name) => name.trim())
      .filter((name) => name !== "");
    for (const name of names) {
      if (!known.includes(name as Name)) {
        throw new RangeError(`--${flag}: unknown ${name}; one of ${known.join(", ")}`);
      }
    }
    return names as Name[];
  };
  const outName = values["out-name"] as string;
  if (!/^[\w.-]+$/.test(outName)) throw new RangeError("--out-name must be a plain file name");
  return {
    corpus: values.corpus,
    queries: values.queries ?? new URL("../tasks/queries.jsonl", import.meta.url).pathname,
    limit: Math.floor(number("limit", 0)),
    repeat: Math.floor(number("repeat", 1)),
    concurrency: Math.floor(number("concurrency", 1, 64)),
    latencyMedianMs: number("latency-median", 0),
    latencyP95Ms: number("latency-p95", 0),
    collectionsPerArea: Math.floor(number("collections-per-area", 1, 64)),
    scenarios: list("scenarios", values.scenarios as string, scenarioNames),
    reindexArea: values["reindex-area"],
    shedRate: number("shed-rate", 0, 1),
    retryAfterSeconds: Math.floor(number("retry-after", 0, 60)),
    heapCalls: Math.floor(number("heap-calls", 0)),
    rerankCandidates: Math.floor(number("rerank-candidates", 1)),
    skip: list("skip", values.skip as string, extraNames),
    seed: Math.floor(number("seed", 0)),
    outName,
    help: values.help === true,
  };
}
