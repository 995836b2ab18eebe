import { execFile } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import type { Caller, DocsSearch } from "@search-docs/core";
import { repositoryRoot } from "../find-executable.ts";

// The four places a user starts from, each given only an environment (and, for the Next.js
// route, each request's caller), each reporting the status the user would see and what it
// printed on stderr.

type Env = Record<string, string>;

const cliBin = join(repositoryRoot, "packages/core/bin/search-docs.js");
const mcpBin = join(repositoryRoot, "packages/mcp/bin/search-docs-mcp.js");

/** What a child process needs beside the engine's variables: a PATH, and a home of its own. */
function childEnv(env: Env): Env {
  return {
    PATH: process.env.PATH ?? "",
    HOME: mkdtempSync(join(tmpdir(), "every-engine-home-")),
    ...env,
  };
}

export interface CliAnswer {
  status: string;
  exitCode: number;
  stderr: string;
  stdout: string;
}

/** `node packages/core/bin/search-docs.js "<query>" --json`, as a user types it. */
export function cliSearch(env: Env, query: string): Promise<CliAnswer> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [cliBin, query, "--json"],
      { env: childEnv(env), timeout: 45_000 },
      (error, stdout, stderr) => {
        const exitCode = error ? Number(error.code ?? -1) : 0;
        try {
          const { output } = JSON.parse(stdout) as { output: { status: string } };
          resolve({ status: output.status, exitCode, stderr, stdout });
        } catch {
          reject(new Error(`the CLI printed no JSON (exit ${exitCode}): ${stderr}${stdout}`));
        }
      },
    );
  });
}

export interface McpAnswers {
  statuses: string[];
  stderr: string;
  outputs: string;
}

/** `search-docs-mcp` as a host starts it: a child on stdio, the SDK's Client, one search per query. */
export async function mcpSearches(env: Env, queries: readonly string[]): Promise<McpAnswers> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [mcpBin],
    env: childEnv(env),
    stderr: "pipe",
  });
  let stderr = "";
  transport.stderr?.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const client = new Client({ name: "every-engine-host", version: "1.0.0" });
  await client.connect(transport);
  try {
    const statuses: string[] = [];
    let outputs = "";
    for (const query of queries) {
      const result = await client.callTool(
        { name: "search_docs", arguments: { query } },
        undefined,
        { timeout: 45_000 },
      );
      outputs += JSON.stringify(result);
      statuses.push((result.structuredContent as { status: string }).status);
    }
    return { statuses, stderr, outputs };
  } finally {
    await client.close();
  }
}

interface ExampleDocs {
  docs: DocsSearch;
  caller?: Caller;
  close(): Promise<void>;
}

// Imported by path, as the examples' own files (not packages): vitest resolves their imports.
async function importExample<Module>(path: string): Promise<Module> {
  return (await import(pathToFileURL(join(repositoryRoot, path)).href)) as Module;
}

/** The Next.js route's backend module: one per process, each request's caller passed in. */
export async function nextjsBackend(
  env: Env,
  printError: (line: string) => void,
): Promise<ExampleDocs> {
  const module = await importExample<{
    docsBackend(environment: Env): Promise<{ docs: DocsSearch }>;
    closeDocsBackend(): Promise<void>;
  }>("examples/nextjs-chat/lib/docs-backend.ts");
  await module.closeDocsBackend();
  const original = console.error;
  console.error = (line: string) => printError(String(line));
  try {
    const { docs } = await module.docsBackend(env);
    return { docs, close: () => module.closeDocsBackend() };
  } finally {
    console.error = original;
  }
}

/** The LangChain agent's backend module: one user, the credential from the environment. */
export async function langchainBackend(
  env: Env,
  printError: (line: string) => void,
): Promise<ExampleDocs> {
  const module = await importExample<{
    openDocsBackend(
      env: Env,
      options: { printError: (line: string) => void },
    ): Promise<ExampleDocs & { caller: Caller }>;
  }>("examples/langchain-agent/src/open-docs-backend.ts");
  return module.openDocsBackend(env, { printError });
}

/** One search through an example's docs, as the caller given (else the module's own). */
export async function exampleSearch(
  example: ExampleDocs,
  query: string,
  caller?: Caller,
): Promise<{ status: string; results: number; text: string }> {
  const { output } = await example.docs.search(
    { query },
    { caller: (caller ?? example.caller) as Caller },
  );
  return { status: output.status, results: output.results.length, text: JSON.stringify(output) };
}
