// `node --import ./count-loaded-modules.ts …`: on exit, prints to stderr one JSON line of the
// modules the process loaded (every URL but Node's own built-ins), counted by package.
import { registerHooks } from "node:module";

const loaded = new Set<string>();
registerHooks({
  load(url, context, nextLoad) {
    if (!url.startsWith("node:")) loaded.add(url);
    return nextLoad(url, context);
  },
});
process.on("exit", () => {
  const byPackage: Record<string, number> = {};
  for (const url of loaded) {
    // Workspace packages by folder (packages/core → core), the rest by their node_modules name.
    const name =
      /node_modules\/(?:\.pnpm\/[^/]+\/node_modules\/)?((?:@[^/]+\/)?[^/]+)/.exec(url)?.[1] ??
      /\/packages\/([^/]+)\//.exec(url)?.[1] ??
      "other";
    byPackage[name] = (byPackage[name] ?? 0) + 1;
  }
  process.stderr.write(`${JSON.stringify({ modules: loaded.size, byPackage })}\n`);
});
