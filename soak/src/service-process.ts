import { type ChildProcess, fork } from "node:child_process";
import type { AccessRule, RecordedRequest } from "@search-docs/core/testing";
import type { FaultMix } from "./soak-plan.ts";

export interface ServiceProcessOptions {
  collectionsPerArea: number;
  acl: Record<string, AccessRule>;
  seed: number;
  latency: { medianMs: number; p95Ms: number };
  mix: FaultMix;
  msPerSimulatedSecond: number;
}

export type ServiceCommand = { id: number } & (
  | { type: "start"; options: ServiceProcessOptions }
  | { type: "startSchedule" }
  | { type: "totalOutage" }
  | { type: "stopSchedule" }
  | { type: "takeRequests" }
  | { type: "close" }
);

type DistributiveOmit<Type, Key extends PropertyKey> = Type extends unknown
  ? Omit<Type, Key>
  : never;

/** The fake docs service, with its fault schedule, running in a child process. */
export interface ServiceProcess {
  url: string;
  areas: Record<string, string[]>;
  /** Starts the mixed fault schedule (reindex windows, 429, 5xx, malformed, resets, slow). */
  startSchedule(): Promise<void>;
  /** Every collection answers 429 to every request. */
  totalOutage(): Promise<void>;
  /** Stops the schedule, clears every fault; resolves to the number of reindex windows. */
  stopSchedule(): Promise<number>;
  /** The service's request log since the last call, which it then forgets. */
  takeRequests(): Promise<RecordedRequest[]>;
  close(): Promise<void>;
}

export async function startServiceProcess(options: ServiceProcessOptions): Promise<ServiceProcess> {
  const child: ChildProcess = fork(new URL("./service-child.ts", import.meta.url), [], {
    // No inherited loader flags (vitest's, say): the child is a plain Node process.
    execArgv: [],
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  const pending = new Map<number, (result: unknown) => void>();
  let nextId = 1;
  const ready = new Promise<void>((resolve, reject) => {
    child.once("error", reject);
    child.once("exit", (code) =>
      reject(new Error(`the fake service process exited (${code}) before it was ready`)),
    );
    child.on("message", (message: { type?: string; id?: number; result?: unknown }) => {
      if (message.type === "ready") resolve();
      else if (message.id !== undefined) {
        pending.get(message.id)?.(message.result);
        pending.delete(message.id);
      }
    });
  });
  await ready;
  const send = (command: DistributiveOmit<ServiceCommand, "id">): Promise<unknown> =>
    new Promise((resolve) => {
      const id = nextId++;
      pending.set(id, resolve);
      child.send({ ...command, id });
    });
  const { url, areas } = (await send({ type: "start", options })) as {
    url: string;
    areas: Record<string, string[]>;
  };
  return {
    url,
    areas,
    startSchedule: async () => {
      await send({ type: "startSchedule" });
    },
    totalOutage: async () => {
      await send({ type: "totalOutage" });
    },
    stopSchedule: async () => (await send({ type: "stopSchedule" })) as number,
    takeRequests: async () => (await send({ type: "takeRequests" })) as RecordedRequest[],
    close: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once("exit", resolve));
      await send({ type: "close" });
      await exited;
    },
  };
}
