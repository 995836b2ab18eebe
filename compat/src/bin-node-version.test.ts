import { execFile } from "node:child_process";
import { chmodSync, mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  findNode18,
  findOldNode,
  inCi,
  nodeVersion,
  repositoryRoot,
  wantedNode,
} from "./find-executable.ts";

// What a user meets when their MCP host (or their shell) starts a bin with a Node older than
// engines: one line naming the Node found, the Node needed and where scripts/run.sh put Node 24
// (the path for a host's "command"), and exit 1; `--help` still answers, on any Node from 18.
const oldNode = findOldNode();
const node18 = findNode18();
const [major, minor] = wantedNode();
const bins = [
  { name: "search-docs", path: "packages/core/bin/search-docs.js", args: ["rotate a key"] },
  { name: "search-docs-mcp", path: "packages/mcp/bin/search-docs-mcp.js", args: [] },
];
// scripts/run.sh's platform names; the test machines are all among them.
const platform = `${process.platform}-${process.arch}`;

function run(node: string, args: string[], home: string) {
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    const child = execFile(
      node,
      args,
      { cwd: repositoryRoot, env: { ...process.env, HOME: home }, timeout: 30_000 },
      (error, stdout, stderr) =>
        resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
    child.stdin?.end();
  });
}

/** A home folder, with or without Node 24 where scripts/run.sh puts it. */
function home(withNode24: boolean): { home: string; node24: string } {
  const folder = mkdtempSync(join(tmpdir(), "search-docs-bin-home-"));
  const node24 = join(folder, ".local/node24/lib/node_modules", `node-${platform}`, "bin/node");
  if (withNode24) {
    mkdirSync(dirname(node24), { recursive: true });
    writeFileSync(node24, "#!/bin/sh\n");
    chmodSync(node24, 0o755);
  }
  return { home: folder, node24 };
}

describe.skipIf(oldNode === undefined && !inCi)(
  `on a Node older than ${major}.${minor}${oldNode ? ` (${nodeVersion(oldNode)})` : " (none found: skipped outside CI)"}`,
  () => {
    it.each(bins)(
      "$name stops with one line naming the Node to put in the host's command",
      async (bin) => {
        expect(oldNode, `no Node older than ${major}.${minor} on this machine`).toBeDefined();
        const { home: folder, node24 } = home(true);
        const { code, stdout, stderr } = await run(
          oldNode as string,
          [bin.path, ...bin.args],
          folder,
        );
        expect(stdout).toBe("");
        expect(stderr).toBe(
          `${bin.name}: needs Node.js >=${major}.${minor}, this is ${nodeVersion(oldNode as string)}: run it with ${node24}, where scripts/run.sh put Node 24 (in an MCP host, make that path the "command")\n`,
        );
        expect(code).toBe(1);
      },
    );

    it.each(bins)(
      "$name says where scripts/run.sh would put Node 24 when it is not there yet",
      async (bin) => {
        const { home: folder, node24 } = home(false);
        const { code, stderr } = await run(oldNode as string, [bin.path, ...bin.args], folder);
        expect(stderr).toBe(
          `${bin.name}: needs Node.js >=${major}.${minor}, this is ${nodeVersion(oldNode as string)}: scripts/run.sh (in a clone) puts Node 24 at ${node24} (in an MCP host, make that path the "command"), or get Node from https://nodejs.org/en/download\n`,
        );
        expect(code).toBe(1);
      },
    );
  },
);

// Node 18 is the oldest --help promises: .ci/run installs it into ~/.local/node18 (or name one in
// SEARCH_DOCS_NODE_18); elsewhere the case runs where one is found.
const helpNodes = [
  ...(oldNode ? [oldNode] : []),
  ...(node18 && node18 !== oldNode ? [node18] : []),
];

describe.skipIf(helpNodes.length === 0 && !inCi)("--help on an older Node", () => {
  it.each(
    bins.flatMap((bin) => helpNodes.map((node) => ({ ...bin, node, version: nodeVersion(node) }))),
  )("$name --help answers on $version, every engine's variables included", async (bin) => {
    const { code, stdout, stderr } = await run(bin.node, [bin.path, "--help"], home(false).home);
    // The MCP bin's stdout is the protocol: it writes its help to stderr.
    const help = bin.name === "search-docs-mcp" ? stderr : stdout;
    expect(bin.name === "search-docs-mcp" ? stdout : stderr).toBe("");
    expect(help).not.toMatch(/Error|node:internal/);
    expect(code).toBe(0);
    for (const variable of [
      "SEARCH_DOCS_BACKEND",
      "SEARCH_DOCS_V2_URL",
      "SEARCH_DOCS_ELASTICSEARCH_URL",
      "SEARCH_DOCS_OPENSEARCH_URL",
      "SEARCH_DOCS_POSTGRES_URL",
      "SEARCH_DOCS_FOLDER_PATH",
      "SEARCH_DOCS_ALGOLIA_APP_ID",
      "SEARCH_DOCS_MEILISEARCH_URL",
      "SEARCH_DOCS_TYPESENSE_URL",
    ]) {
      expect(help).toContain(variable);
    }
  });
});

it.each(bins)("$name lets this Node through to its own option parsing", async (bin) => {
  const { code, stderr } = await run(
    process.execPath,
    [bin.path, "--no-such-flag"],
    home(false).home,
  );
  expect(stderr).toMatch(new RegExp(`^${bin.name}: Unknown option '--no-such-flag'`));
  expect(code).toBe(2);
});

it.runIf(inCi)("CI has Node 18 for the --help case (.ci/run installs it)", () => {
  expect(node18).toBeDefined();
});
