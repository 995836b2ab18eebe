import { type ChildProcess, execFile, spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterEach, expect, it } from "vitest";

// The built CLI as a user runs it in a clone: `pnpm search-docs …` from the repository root.
const repositoryRoot = fileURLToPath(new URL("../../../../", import.meta.url));
const pnpm = process.env.npm_execpath?.includes("pnpm")
  ? [process.execPath, process.env.npm_execpath]
  : ["pnpm"];
const run = promisify(execFile);
const started: ChildProcess[] = [];

afterEach(() => {
  for (const child of started.splice(0)) if (child.exitCode === null) child.kill("SIGTERM");
});

function pnpmArgs(args: string[]): [string, string[]] {
  const [command, ...prefix] = pnpm as [string, ...string[]];
  return [command, [...prefix, ...args]];
}

it("pnpm search-docs … --json prints only JSON on stdout", async () => {
  const [command, args] = pnpmArgs(["search-docs", "laptop", "--area", "onboarding", "--json"]);
  const { stdout, stderr } = await run(command, args, { cwd: repositoryRoot });
  expect(JSON.parse(stdout).output.status).toBe("ok");
  expect(stderr).toMatch(/^Using the embedded fake docs service/);
});

it("serve suggests a command that works in a clone", async () => {
  const [command, args] = pnpmArgs(["search-docs", "serve"]);
  const serve = spawn(command, args, { cwd: repositoryRoot, stdio: ["ignore", "pipe", "pipe"] });
  started.push(serve);
  const suggestion = await new Promise<string>((resolve, reject) => {
    let out = "";
    serve.stdout.on("data", (chunk: Buffer) => {
      out += chunk;
      const line = out.match(/^Try, in another terminal: (.+)$/m);
      if (line?.[1]) resolve(line[1]);
    });
    serve.once("exit", (code) => reject(new Error(`serve exited with ${code}: ${out}`)));
  });
  expect(suggestion).toMatch(/ pnpm search-docs "rotate a key"$/);
  const { stdout } = await run("sh", ["-c", `${suggestion} --json`], { cwd: repositoryRoot });
  const { output } = JSON.parse(stdout);
  // It searched the service that suggested it (its refs are that service's areas).
  expect(output.status).toBe("ok");
  expect(output.results.length).toBeGreaterThan(0);
});
