import { execFile } from "node:child_process";
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { repositoryRoot } from "../find-executable.ts";
import type { PeerSet } from "./peer-sets.ts";

export interface CommandResult {
  code: number;
  stdout: string;
  stderr: string;
  ms: number;
}

export function runCommand(
  command: string,
  args: string[],
  options: { cwd: string; env?: NodeJS.ProcessEnv; timeoutMs?: number },
): Promise<CommandResult> {
  const started = performance.now();
  return new Promise((resolve) => {
    execFile(
      command,
      args,
      {
        cwd: options.cwd,
        env: options.env ?? process.env,
        timeout: options.timeoutMs ?? 240_000,
        maxBuffer: 64 * 1024 * 1024,
      },
      (error, stdout, stderr) =>
        resolve({
          code: error ? Number(error.code ?? 1) || 1 : 0,
          stdout,
          stderr,
          ms: performance.now() - started,
        }),
    );
  });
}

/** The publishable workspace packages (packages/*, not private), by name and folder. */
export function publishablePackages(): Array<{ name: string; directory: string }> {
  const packagesRoot = join(repositoryRoot, "packages");
  return readdirSync(packagesRoot)
    .map((folder) => join(packagesRoot, folder))
    .filter((directory) => existsSync(join(directory, "package.json")))
    .map((directory) => ({
      directory,
      manifest: JSON.parse(readFileSync(join(directory, "package.json"), "utf8")) as {
        name: string;
        private?: boolean;
      },
    }))
    .filter(({ manifest }) => manifest.private !== true)
    .map(({ manifest, directory }) => ({ name: manifest.name, directory }));
}

/** `pnpm pack` of each publishable package (workspace:^ becomes a real range), into `destination`. */
export async function packPackages(destination: string): Promise<Record<string, string>> {
  const pnpm = process.env.npm_execpath?.includes("pnpm")
    ? [process.execPath, process.env.npm_execpath]
    : ["pnpm"];
  const tarballs: Record<string, string> = {};
  for (const { name, directory } of publishablePackages()) {
    const [command, ...prefix] = pnpm as [string, ...string[]];
    const result = await runCommand(
      command,
      [...prefix, "pack", "--pack-destination", destination],
      {
        cwd: directory,
      },
    );
    if (result.code !== 0) throw new Error(`pnpm pack ${name} failed:\n${result.stderr}`);
    const tarball = result.stdout.trim().split("\n").at(-1) ?? "";
    tarballs[name] = tarball;
  }
  return tarballs;
}

/** npm next to the running node, so the app installs with the same toolchain. */
function npmCommand(): string {
  const beside = join(dirname(process.execPath), "npm");
  return existsSync(beside) ? beside : "npm";
}

/**
 * A fresh app outside the workspace: its sources, a package.json naming the tarballs and the set's
 * versions, then a plain `npm install` (npm's cache makes repeats fast).
 */
export async function installConsumerApp(
  root: string,
  set: PeerSet,
  tarballs: Record<string, string>,
): Promise<{ directory: string; install: CommandResult }> {
  const directory = join(root, `app-${set.name}`);
  mkdirSync(directory, { recursive: true });
  cpSync(new URL("./app/", import.meta.url), directory, { recursive: true });
  const dependencies: Record<string, string> = { ...set.dependencies };
  for (const [name, tarball] of Object.entries(tarballs)) {
    dependencies[name] = `file:${relative(directory, tarball)}`;
  }
  writeFileSync(
    join(directory, "package.json"),
    `${JSON.stringify(
      {
        name: `consumer-app-${set.name}`,
        private: true,
        type: "module",
        dependencies,
        ...(set.overrides ? { overrides: set.overrides } : {}),
      },
      null,
      2,
    )}\n`,
  );
  const install = await runCommand(
    npmCommand(),
    ["install", "--no-audit", "--no-fund", "--prefer-offline", "--loglevel=warn"],
    { cwd: directory },
  );
  return { directory, install };
}

/** Every installed copy of a package, as folder paths under the app. */
export function installedCopies(directory: string, name: string): string[] {
  const copies: string[] = [];
  const visit = (modules: string) => {
    if (!existsSync(modules)) return;
    const candidate = join(modules, name, "package.json");
    if (existsSync(candidate)) copies.push(dirname(candidate));
    for (const entry of readdirSync(modules, { withFileTypes: true })) {
      if (!entry.isDirectory() || entry.name === ".bin") continue;
      const packages = entry.name.startsWith("@")
        ? readdirSync(join(modules, entry.name)).map((scoped) => join(modules, entry.name, scoped))
        : [join(modules, entry.name)];
      for (const folder of packages) visit(join(folder, "node_modules"));
    }
  };
  visit(join(directory, "node_modules"));
  return copies;
}
