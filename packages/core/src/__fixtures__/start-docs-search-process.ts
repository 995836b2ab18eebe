import { fork } from "node:child_process";
import type { DocumentOutput, SearchOutput } from "../contract/contract.js";
import type { Trace } from "../trace/trace.js";

export type DocsSearchProcessCommand = { id: number } & (
  | ({ type: "start" } & DocsSearchProcessOptions)
  | { type: "search" | "getDocument"; input: unknown; token: string }
);

export interface DocsSearchProcessOptions {
  baseUrl: string;
  areas: Record<string, readonly string[]>;
  redisUrl: string;
  /** Where the process remembers reindexing collections: Redis, or (default) its own memory. */
  reindexMemory?: "redis" | "memory";
}

export interface DocsSearchProcess {
  pid: number;
  search(
    input: { query: string; area?: string },
    token: string,
  ): Promise<{ output: SearchOutput; trace: Trace }>;
  getDocument(
    input: { ref: string },
    token: string,
  ): Promise<{ output: DocumentOutput; trace: Trace }>;
  close(): Promise<void>;
}

/** Forks docs-search-process.ts: a plain Node process running this package's sources. */
export async function startDocsSearchProcess(
  options: DocsSearchProcessOptions,
): Promise<DocsSearchProcess> {
  const child = fork(new URL("./docs-search-process.ts", import.meta.url), [], {
    // Not vitest's loader flags: Node strips the types, the hook finds the .ts sources.
    execArgv: ["--import", new URL("./resolve-ts-hooks.mjs", import.meta.url).href],
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  const pending = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  let nextId = 1;
  await new Promise<void>((resolve, reject) => {
    child.once("error", reject);
    child.once("exit", (code) => reject(new Error(`docs search process exited (${code})`)));
    child.on(
      "message",
      (message: { type?: string; id?: number; result?: unknown; error?: string }) => {
        if (message.type === "ready") resolve();
        const waiting = message.id === undefined ? undefined : pending.get(message.id);
        if (waiting === undefined || message.id === undefined) return;
        pending.delete(message.id);
        if (message.error !== undefined) waiting.reject(new Error(message.error));
        else waiting.resolve(message.result);
      },
    );
  });
  type Command = DocsSearchProcessCommand extends infer Each
    ? Each extends unknown
      ? Omit<Each, "id">
      : never
    : never;
  const send = (command: Command) =>
    new Promise<unknown>((resolve, reject) => {
      const id = nextId++;
      pending.set(id, { resolve, reject });
      child.send({ ...command, id });
    });
  const { pid } = (await send({ type: "start", ...options })) as { pid: number };
  return {
    pid,
    search: (input, token) =>
      send({ type: "search", input, token }) as Promise<{ output: SearchOutput; trace: Trace }>,
    getDocument: (input, token) =>
      send({ type: "getDocument", input, token }) as Promise<{
        output: DocumentOutput;
        trace: Trace;
      }>,
    close: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}
