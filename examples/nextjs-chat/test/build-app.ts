import { spawn } from "node:child_process";
import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { appRoot, nextCli } from "./app-paths";

// What a production build is made of: the app's own sources and the built workspace packages.
const sources = ["app", "components", "lib", "next.config.ts", "package.json", "tsconfig.json"];
const workspaceBuilds = ["../../packages/core/dist", "../../packages/ai-sdk/dist"];

/**
 * Vitest global setup: `next build` once per run, unless `.next` is newer than everything it
 * was built from (the root `pnpm test` has just built it through turbo).
 */
export default async function buildApp(): Promise<void> {
  const built = modifiedAt(join(appRoot, ".next", "BUILD_ID"));
  const newestSource = Math.max(
    ...[...sources, ...workspaceBuilds].map((path) => newestIn(join(appRoot, path))),
  );
  if (built > newestSource) {
    console.info("[nextjs-chat] .next is up to date; next build skipped");
    return;
  }
  const started = performance.now();
  await run(process.execPath, [nextCli, "build"]);
  console.info(
    `[nextjs-chat] next build took ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
}

function run(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: appRoot,
      env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => {
      output += chunk;
    });
    child.stderr.on("data", (chunk: Buffer) => {
      output += chunk;
    });
    child.on("error", reject);
    child.on("exit", (code) =>
      code === 0 ? resolve() : reject(new Error(`next build exited with ${code}:\n${output}`)),
    );
  });
}

function modifiedAt(path: string): number {
  try {
    return statSync(path).mtimeMs;
  } catch {
    return 0;
  }
}

/** The newest modification time of a file, or of any file under a folder (tests excluded). */
function newestIn(path: string): number {
  let stats: ReturnType<typeof statSync>;
  try {
    stats = statSync(path);
  } catch {
    return 0;
  }
  if (!stats.isDirectory()) return stats.mtimeMs;
  let newest = stats.mtimeMs;
  for (const entry of readdirSync(path, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || entry.name.endsWith(".test.ts")) continue;
    newest = Math.max(newest, modifiedAt(join(entry.parentPath, entry.name)));
  }
  return newest;
}
