// Shared by both bins (search-docs, search-docs-mcp): plain JavaScript that Node 18 parses, run
// before anything else loads, so that an older Node gets one line, not a stack trace.
import { existsSync, readFileSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";

/**
 * Exits with one line on stderr when this Node is older than the package's `engines.node`
 * (`manifest`: its package.json), naming the Node found, the Node needed and where
 * scripts/run.sh put Node 24. `--help` loads no engine, so it answers on any Node 18 or later.
 */
export function exitIfNodeTooOld(name, manifest) {
  const needed = JSON.parse(readFileSync(manifest, "utf8")).engines.node;
  const [wantedMajor, wantedMinor] = needed
    .replace(/^>=\s*/, "")
    .split(".")
    .map(Number);
  const [major, minor] = process.versions.node.split(".").map(Number);
  const tooOld = major < wantedMajor || (major === wantedMajor && minor < wantedMinor);
  const help = process.argv.slice(2).some((arg) => arg === "--help" || arg === "-h");
  if (!tooOld || help) return;
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
  process.stderr.write(`${name}: needs Node.js ${needed}, this is ${process.version}: ${fix}\n`);
  process.exit(1);
}
