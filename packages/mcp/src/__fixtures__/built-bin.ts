import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";

/** The bin `npx @search-docs/mcp` runs. Tests of the process need `pnpm build` first. */
export function builtBin(): string {
  const built = fileURLToPath(new URL("../../dist/cli/bin.js", import.meta.url));
  if (!existsSync(built)) {
    throw new Error(
      `${built} is missing: run \`pnpm build\` (the root \`pnpm test\` builds first)`,
    );
  }
  return fileURLToPath(new URL("../../bin/search-docs-mcp.js", import.meta.url));
}
