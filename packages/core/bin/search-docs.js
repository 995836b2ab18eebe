#!/usr/bin/env node
// Committed, not compiled: package managers link a workspace package's bins at install time,
// before `dist/` exists, and a bin pointing into `dist/` warns once per dependent package.
// Plain JavaScript that Node 18 parses, so that an older Node gets one line, not a stack trace.
import { existsSync, readFileSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";

const needed = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")).engines
  .node;
const [wantedMajor, wantedMinor] = needed
  .replace(/^>=\s*/, "")
  .split(".")
  .map(Number);
const [major, minor] = process.versions.node.split(".").map(Number);
const tooOld = major < wantedMajor || (major === wantedMajor && minor < wantedMinor);
// --help loads no engine, so it answers on any Node 18 or later: how to configure comes first.
const help = process.argv.slice(2).some((arg) => arg === "--help" || arg === "-h");
if (tooOld && !help) {
  // Where scripts/run.sh puts Node 24, for the platforms it knows: the path for a host's "command".
  const platform = `${process.platform}-${process.arch}`;
  const node24 = ["linux-x64", "linux-arm64", "darwin-x64"].includes(platform)
    ? join(homedir(), ".local", "node24", "lib", "node_modules", `node-${platform}`, "bin", "node")
    : undefined;
  const fix =
    node24 === undefined
      ? "get Node 24 from https://nodejs.org/en/download"
      : existsSync(node24)
        ? `run it with ${node24}, where scripts/run.sh put Node 24 (in an MCP host, make that path the "command")`
        : `scripts/run.sh (in a clone) puts Node 24 at ${node24} (in an MCP host, make that path the "command"), or get Node from https://nodejs.org/en/download`;
  process.stderr.write(
    `search-docs: needs Node.js ${needed}, this is ${process.version}: ${fix}\n`,
  );
  process.exit(1);
}

const cli = new URL("../dist/cli/bin.js", import.meta.url);
if (!existsSync(cli)) {
  process.stderr.write("search-docs: @search-docs/core is not built yet: run `pnpm build` first\n");
  process.exit(1);
}
await import(cli.href);
