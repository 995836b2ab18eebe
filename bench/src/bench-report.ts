import type { ScenarioName } from "./bench-flags.ts";
import type { ArmName } from "./create-arms.ts";
import type { MachineDescription } from "./describe-machine.ts";
import type { HeapCheck } from "./heap-check.ts";
import type { RerankMicroBench } from "./rerank-micro-bench.ts";
import type { ArmSummary, Distribution } from "./summarize-arm.ts";

export interface ScenarioReport {
  description: string;
  seconds: number;
  arms: Record<ArmName, ArmSummary>;
}

export interface KeepAliveReport {
  keepAlive: { latencyMs: Distribution; cpuMs?: Distribution };
  noKeepAlive: { latencyMs: Distribution; cpuMs?: Distribution };
}

/** One target of issue 6 and where the run left it. */
export interface TargetResult {
  target: string;
  value: string;
  /** Undefined when the run did not measure it (a skipped scenario or check). */
  met: boolean | undefined;
}

/** Everything `bench/results/<name>.json` holds. */
export interface BenchReport {
  machine: MachineDescription;
  settings: {
    corpus: string;
    queries: string;
    queryCount: number;
    repeat: number;
    concurrency: number;
    latency: { medianMs: number; p95Ms: number };
    collections: Record<string, number>;
  };
  scenarios: Partial<Record<ScenarioName, ScenarioReport>>;
  keepAlive?: KeepAliveReport;
  rerank?: RerankMicroBench;
  heap?: HeapCheck;
  targets: TargetResult[];
  seconds: number;
}
