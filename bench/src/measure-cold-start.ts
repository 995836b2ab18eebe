import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { percentile } from "@search-docs/measure";

/** What every fresh process of the cold-start bench is told (`cold-start-child.mjs`). */
export interface ColdStartChildOptions {
  /** What `import()` loads: `@search-docs/core`, or a file URL of another build's entry. */
  specifier: string;
  baseUrl: string;
  areas: Record<string, string[]>;
  token: string;
  query: string;
}

/** The children's options against a fake service: the root entry, one question every arm asks. */
export function coldStartOptions(service: {
  url: string;
  areas: Record<string, string[]>;
  tokens: { everything: string };
}): ColdStartChildOptions {
  return {
    specifier: "@search-docs/core",
    baseUrl: service.url,
    areas: service.areas,
    token: service.tokens.everything,
    query: "rotate an API key",
  };
}

/**
 * One arm: a bare `node` start, an `import()` of core, the first `search_docs` answer through
 * core, or the bare loop's first answer, each in a fresh process.
 */
export interface ColdStartArm {
  name: string;
  run: "node" | "import" | "search-docs" | "bare-loop";
  /** Default `@search-docs/core`. */
  specifier?: string;
}

export interface ColdStartFigures {
  name: string;
  run: ColdStartArm["run"];
  processes: number;
  /** From the process's start to its first answer (or the import's end). */
  wallMs: { p50: number; p95: number };
  /** The process's user + system CPU by then: steadier than wall time on a loaded machine. */
  cpuMs: { p50: number; p95: number };
  /** Modules the process loaded (Node's built-ins aside), from one more run with a counter. */
  modules: number;
  modulesByPackage: Record<string, number>;
  status: string;
}

const child = fileURLToPath(new URL("./cold-start-child.mjs", import.meta.url));
const counter = fileURLToPath(new URL("./count-loaded-modules.ts", import.meta.url));
// Where `@search-docs/core` and its peers resolve as they do for an app that depends on core.
const benchRoot = fileURLToPath(new URL("../", import.meta.url));

/** One fresh process of `arm`; with `countModules`, under the module counter. */
function runChild(arm: ColdStartArm, options: ColdStartChildOptions, countModules: boolean) {
  const run = spawnSync(
    process.execPath,
    [
      ...(countModules ? ["--import", counter] : []),
      child,
      arm.run,
      JSON.stringify({ ...options, specifier: arm.specifier ?? options.specifier }),
    ],
    { cwd: benchRoot, encoding: "utf8" },
  );
  if (run.status !== 0) throw new Error(`${arm.name}: exited ${run.status}: ${run.stderr}`);
  const measured = JSON.parse(run.stdout) as { wallMs: number; cpuMs: number; status: string };
  const counted = countModules
    ? (JSON.parse(run.stderr.trim().split("\n").at(-1) ?? "{}") as {
        modules: number;
        byPackage: Record<string, number>;
      })
    : undefined;
  return { ...measured, counted };
}

/**
 * Fresh processes, `rounds` of each arm, interleaved: every round runs each arm once, the order
 * rotating, so the machine's load falls on all arms alike. Medians and p95 per arm.
 */
export function measureColdStart({
  arms,
  rounds,
  options,
}: {
  arms: readonly ColdStartArm[];
  rounds: number;
  options: ColdStartChildOptions;
}): ColdStartFigures[] {
  const samples = arms.map(() => ({ wall: [] as number[], cpu: [] as number[], status: "" }));
  for (let round = 0; round < rounds; round++) {
    for (let offset = 0; offset < arms.length; offset++) {
      const index = (round + offset) % arms.length;
      const measured = runChild(arms[index] as ColdStartArm, options, false);
      const sample = samples[index] as (typeof samples)[number];
      sample.wall.push(measured.wallMs);
      sample.cpu.push(measured.cpuMs);
      sample.status = measured.status;
    }
  }
  return arms.map((arm, index) => {
    const sample = samples[index] as (typeof samples)[number];
    const { counted } = runChild(arm, options, true);
    return {
      name: arm.name,
      run: arm.run,
      processes: rounds,
      wallMs: { p50: percentile(sample.wall, 50), p95: percentile(sample.wall, 95) },
      cpuMs: { p50: percentile(sample.cpu, 50), p95: percentile(sample.cpu, 95) },
      modules: counted?.modules ?? 0,
      modulesByPackage: counted?.byPackage ?? {},
      status: sample.status,
    };
  });
}
