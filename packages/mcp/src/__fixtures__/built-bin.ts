import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";

/** The built bin, as `npx @search-docs/mcp` runs it. Tests of the process need `pnpm build` first. */
export function builtBin(): string {
  const path = fileURLToPath(new URL("../../dist/cli/bin.js", import.meta.url));
  if (!existsSync(path)) {
    throw new Error(`${path} is missing: run \`pnpm build\` (the root \`pnpm test\` builds first)`);
  }
  return path;
}
