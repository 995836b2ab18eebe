import { type ChildProcess, spawn } from "node:child_process";
import { freePort } from "@search-docs/test-servers";
import { appRoot, nextCli } from "./app-paths";

export interface NextServer {
  /** e.g. "http://127.0.0.1:43123" */
  url: string;
  /** Everything the server printed so far, for failure messages. */
  output(): string;
  close(): Promise<void>;
}

/** `next start` of the built app on 127.0.0.1 and a free port, with these extra variables. */
export async function startNextServer(environment: Record<string, string>): Promise<NextServer> {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [nextCli, "start", "--hostname", "127.0.0.1", "--port", String(port)],
    {
      cwd: appRoot,
      env: {
        ...withoutProviderKeys(process.env),
        NODE_ENV: "production",
        NEXT_TELEMETRY_DISABLED: "1",
        ...environment,
      },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => {
    output += chunk;
  });
  child.stderr?.on("data", (chunk: Buffer) => {
    output += chunk;
  });
  const url = `http://127.0.0.1:${port}`;
  await waitUntilServing(url, child, () => output);
  return {
    url,
    output: () => output,
    close: () => stop(child),
  };
}

// The tests script the model: a key in the developer's shell must not switch them to a real one.
function withoutProviderKeys(environment: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const { OPENAI_API_KEY: _openai, ANTHROPIC_API_KEY: _anthropic, ...rest } = environment;
  return rest;
}

async function waitUntilServing(url: string, child: ChildProcess, output: () => string) {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(`next start exited with ${child.exitCode}:\n${output()}`);
    }
    try {
      const response = await fetch(url, { method: "HEAD", signal: AbortSignal.timeout(2_000) });
      await response.body?.cancel();
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  child.kill("SIGKILL");
  throw new Error(`next start did not answer at ${url} within 30 s:\n${output()}`);
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill("SIGKILL"), 5_000);
    child.once("exit", () => {
      clearTimeout(force);
      resolve();
    });
    child.kill("SIGTERM");
  });
}
