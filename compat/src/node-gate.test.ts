import { execFile } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readdirSync, realpathSync } from "node:fs";
import { tmpdir } from "node:os";
import { delimiter, join } from "node:path";
import { describe, expect, it } from "vitest";
import { findOldNode, inCi, nodeVersion, repositoryRoot, wantedNode } from "./find-executable.ts";

const oldNode = findOldNode();
const [major, minor] = wantedNode();

/** pnpm's own script, so that it can be run by any node binary. */
function pnpmScript(): string {
  if (process.env.npm_execpath?.endsWith("pnpm.cjs")) return process.env.npm_execpath;
  for (const directory of (process.env.PATH ?? "").split(delimiter)) {
    const candidate = join(directory, "pnpm");
    if (existsSync(candidate)) return realpathSync(candidate);
  }
  throw new Error("pnpm is not on PATH");
}

function run(node: string, args: string[], cwd: string) {
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile(node, args, { cwd, env: { ...process.env, CI: "" } }, (error, stdout, stderr) =>
      resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

describe.skipIf(oldNode === undefined && !inCi)(
  `on a Node older than ${major}.${minor}, pnpm run directly stops at once${oldNode ? "" : " (no such Node found: skipped outside CI)"}`,
  () => {
    it.each([["install"], ["demo"], ["test"]])(
      "pnpm %s: exit 1 and one line naming the Node needed and scripts/run.sh",
      async (command) => {
        expect(oldNode, `no Node older than ${major}.${minor} on this machine`).toBeDefined();
        // A copy of what pnpm reads at the root, so a broken gate cannot touch this checkout.
        const root = mkdtempSync(join(tmpdir(), "search-docs-node-gate-"));
        for (const file of ["package.json", "pnpm-workspace.yaml", ".pnpmfile.cjs", ".nvmrc"]) {
          cpSync(join(repositoryRoot, file), join(root, file));
        }
        const { code, stdout, stderr } = await run(
          oldNode as string,
          [pnpmScript(), command],
          root,
        );
        expect(code).toBe(1);
        expect(stdout).toBe("");
        expect(stderr).toBe(
          `search-docs needs Node.js >=${major}.${minor} (this is ${nodeVersion(oldNode as string)}): run scripts/run.sh <script> instead (e.g. scripts/run.sh demo: it brings Node 24 and pnpm from the npm registry), or get Node from https://nodejs.org/en/download\n`,
        );
        expect(readdirSync(root).sort()).toEqual(
          [".nvmrc", ".pnpmfile.cjs", "package.json", "pnpm-workspace.yaml"].sort(),
        );
      },
    );
  },
);

it("the gate lets this Node through", async () => {
  const { code, stderr } = await run(
    process.execPath,
    ["-e", 'require("./.pnpmfile.cjs")'],
    repositoryRoot,
  );
  expect(stderr).toBe("");
  expect(code).toBe(0);
});
