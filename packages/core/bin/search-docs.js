#!/usr/bin/env node
// Committed, not compiled: package managers link a workspace package's bins at install time,
// before `dist/` exists, and a bin pointing into `dist/` warns once per dependent package.
// Plain JavaScript that Node 18 parses, so that an older Node gets one line, not a stack trace.
import { existsSync } from "node:fs";
import { exitIfNodeTooOld } from "./node-version-guard.js";

exitIfNodeTooOld("search-docs", new URL("../package.json", import.meta.url));

const cli = new URL("../dist/cli/bin.js", import.meta.url);
if (!existsSync(cli)) {
  process.stderr.write("search-docs: @search-docs/core is not built yet: run `pnpm build` first\n");
  process.exit(1);
}
await import(cli.href);
