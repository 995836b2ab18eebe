import { execFile } from "node:child_process";
import {
  chmodSync,
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { findOldNode, repositoryRoot, wantedNode } from "./find-executable.ts";

// scripts/run.sh is both README commands and what .ci/run calls. Its downloads are checked with a
// stand-in npm that logs what it is asked for and lays out what the real one would install, and a
// stand-in pnpm that logs what it runs and on which Node: the real downloads are a fresh clone's
// (tried by hand, see the README), not a test's.
const [major, minor] = wantedNode();
const oldNode = findOldNode();

const fakeNpm = `#!/usr/bin/env bash
echo "npm $*" >> "$RUN_LOG"
package="\${@: -1}"; prefix=""
while [ $# -gt 0 ]; do [ "$1" = --prefix ] && prefix=$2; shift; done
case "$package" in
  node-*) mkdir -p "$prefix/lib/node_modules/\${package%@*}/bin"
          ln -s "$NEW_NODE" "$prefix/lib/node_modules/\${package%@*}/bin/node" ;;
  pnpm@*) mkdir -p "$prefix/bin"; cp "$FAKE_PNPM" "$prefix/bin/pnpm" ;;
esac
`;
const fakePnpm = `#!/usr/bin/env bash
if [ "$1" = --version ]; then echo 10.34.9; exit 0; fi
echo "pnpm $* on $(node --version)" >> "$RUN_LOG"
`;

function checkout(node: string, withPnpm: boolean) {
  const root = mkdtempSync(join(tmpdir(), "search-docs-run-script-"));
  mkdirSync(join(root, "repo", "scripts"), { recursive: true });
  copyFileSync(join(repositoryRoot, "scripts", "run.sh"), join(root, "repo", "scripts", "run.sh"));
  copyFileSync(join(repositoryRoot, "package.json"), join(root, "repo", "package.json"));
  const bin = join(root, "bin");
  mkdirSync(bin);
  mkdirSync(join(root, "home"));
  symlinkSync(node, join(bin, "node"));
  const write = (path: string, text: string) => {
    writeFileSync(path, text);
    chmodSync(path, 0o755);
  };
  write(join(bin, "npm"), fakeNpm);
  write(join(root, "fake-pnpm"), fakePnpm);
  if (withPnpm) write(join(bin, "pnpm"), fakePnpm);
  return root;
}

function runScript(root: string, args: string[]) {
  const log = join(root, "log");
  writeFileSync(log, "");
  return new Promise<{ code: number; stderr: string; log: string[] }>((resolve) => {
    execFile(
      join(root, "repo", "scripts", "run.sh"),
      args,
      {
        env: {
          PATH: `${join(root, "bin")}:/usr/bin:/bin`,
          HOME: join(root, "home"),
          RUN_LOG: log,
          NEW_NODE: process.execPath,
          FAKE_PNPM: join(root, "fake-pnpm"),
        },
      },
      (error, _stdout, stderr) =>
        resolve({
          code: error ? Number(error.code ?? 1) : 0,
          stderr,
          log: readFileSync(log, "utf8").trimEnd().split("\n").filter(Boolean),
        }),
    );
  });
}

describe("scripts/run.sh", () => {
  it(`with Node >= ${major}.${minor} and pnpm on PATH: downloads nothing, installs from the lockfile, runs the script`, async () => {
    const root = checkout(process.execPath, true);
    const { code, stderr, log } = await runScript(root, ["demo"]);
    expect(code).toBe(0);
    expect(stderr).toBe("");
    expect(log).toEqual([
      `pnpm install --frozen-lockfile on ${process.version}`,
      `pnpm demo on ${process.version}`,
    ]);
  });

  it.skipIf(oldNode === undefined)(
    `with an older Node and no pnpm: Node 24 and pnpm from the npm registry into ~/.local, once`,
    async () => {
      const root = checkout(oldNode as string, false);
      const first = await runScript(root, ["test"]);
      expect(first.code).toBe(0);
      const home = join(root, "home");
      expect(first.log).toEqual([
        expect.stringMatching(
          new RegExp(
            `^npm install --global .*--prefix ${home}/.local/node24 node-(linux|darwin)-(x64|arm64)@24$`,
          ),
        ),
        expect.stringMatching(
          new RegExp(`^npm install --global .*--prefix ${home}/.local/pnpm pnpm@10\\.34\\.9$`),
        ),
        `pnpm install --frozen-lockfile on ${process.version}`,
        `pnpm test on ${process.version}`,
      ]);
      expect(first.stderr).toContain(`the project needs >= ${major}.${minor}: getting Node 24`);
      // A second run reuses what the first brought.
      const second = await runScript(root, ["test"]);
      expect(second.code).toBe(0);
      expect(second.stderr).toBe("");
      expect(second.log).toEqual([
        `pnpm install --frozen-lockfile on ${process.version}`,
        `pnpm test on ${process.version}`,
      ]);
    },
  );
});
