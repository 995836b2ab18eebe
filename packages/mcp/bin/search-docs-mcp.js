#!/usr/bin/env node
// Committed, not compiled: package managers link a workspace package's bins at install time,
// before `dist/` exists. stdout is the MCP protocol, so the one complaint goes to stderr.
import { existsSync } from "node:fs";

const cli = new URL("../dist/cli/bin.js", import.meta.url);
if (!existsSync(cli)) {
  process.stderr.write(
    "search-docs-mcp: @search-docs/mcp is not built yet: run `pnpm build` first\n",
  );
  process.exit(1);
}
await import(cli.href);
