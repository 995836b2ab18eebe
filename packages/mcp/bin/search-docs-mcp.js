#!/usr/bin/env node
// Committed, not compiled: package managers link a workspace package's bins at install time,
// before `dist/` exists. stdout is the MCP protocol, so every complaint goes to stderr.
// Plain JavaScript that Node 18 parses, so that an older Node gets one line, not a stack trace.
import { existsSync } from "node:fs";
import { exitIfNodeTooOld } from "@search-docs/core/node-version-guard";

exitIfNodeTooOld("search-docs-mcp", new URL("../package.json", import.meta.url));

const cli = new URL("../dist/cli/bin.js", import.meta.url);
if (!existsSync(cli)) {
  process.stderr.write(
    "search-docs-mcp: @search-docs/mcp is not built yet: run `pnpm build` first\n",
  );
  process.exit(1);
}
await import(cli.href);
