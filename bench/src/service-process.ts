import { type ChildProcess, fork } from "node:child_process";
import type { Fault } from "@search-docs/core/testing";

export interface LatencySetting {
  medianMs: number;
  p95Ms: number;
}

export interface ServiceProcessOptions {
  /** A corpus `.jsonl` path; the sample corpus when omitted. */
  corpus?: string;
  collectionsPerArea: number;
  seed: number;
  latency?: LatencySetting;
}

export type ServiceCommand = { id: number } & (
  | { type: "setFault"; collectionId: string; fault: Fault | undefined }
  | { type: "clearFaults" }
  | { type: "setLatency"; latency: LatencySetting | undefined }
  | { type: "requestCount" }
  | { type: "close" }
);

type DistributiveOmit<Type, Key extends PropertyKey> = Type extends unknown
  ? Omit<Type, Key>
  : never;

/** The fake docs service running in a child process, and how to drive it. */
export interface ServiceProcess {
  url: string;
  areas: Record<string, string[]>;
  tokens: { everything: string };
  setFault(collectionId: string, fault: Fault | undefined): Promise<void>;
  clearFaults(): Promise<void>;
  setLatency(latency: LatencySetting | undefined): Promise<void>;
  /** Requests the service answered since the last count. */
  takeRequestCount(): Promise<number>;
  close(): Promise<void>;
}

/**
 * Starts `fake-service-child.ts` with its own event loop and CPU: a fake service in the bench
 * process would spend its CPU inside every measured call.
 */
export async function startServiceProcess(options: ServiceProcessOptions): Promise<ServiceProcess> {
  const child: ChildProcess = fork(
    new URL("./fake-service-child.ts", import.meta.url),
    [JSON.stringify(options)],
    // No inherited loader flags (vitest's, say): the child is a plain Node process.
    { execArgv: [], stdio: ["ignore", "inherit", "inherit", "ipc"] },
  );
  const pending = new Map<number, (result: unknown) => void>();
  let nextId = 1;
  const ready = new Promise<{ url: string; areas: Record<string, string[]>; tokens: never }>(
    (resolve, reject) => {
      child.once("error", reject);
      child.once("exit", (code) =>
        reject(new Error(`the fake service process exited (${code}) before it was ready`)),
      );
      child.on("message", (message: { type?: string; id?: number; result?: unknown }) => {
        if (message.type === "ready") resolve(message as never);
        else if (message.id !== undefined) {
          pending.get(message.id)?.(message.result);
          pending.delete(message.id);
        }
      });
    },
  );
  const { url, areas, tokens } = await ready;
  const send = (command: DistributiveOmit<ServiceCommand, "id">): Promise<unknown> =>
    new Promise((resolve) => {
      const id = nextId++;
      pending.set(id, resolve);
      child.send({ ...command, id });
    });
  return {
    url,
    areas,
    tokens,
    setFault: async (collectionId, fault) => {
      await send({ type: "setFault", collectionId, fault });
    },
    clearFaults: async () => {
      await send({ type: "clearFaults" });
    },
    setLatency: async (latency) => {
      await send({ type: "setLatency", latency });
    },
    takeRequestCount: async () => (await send({ type: "requestCount" })) as number,
    close: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once("exit", resolve));
      await send({ type: "close" });
      await exited;
    },
  };
}
