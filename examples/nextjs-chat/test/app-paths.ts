import { fileURLToPath } from "node:url";

/** The example's folder. */
export const appRoot = fileURLToPath(new URL("..", import.meta.url));

/** Next's CLI, run with this Node (the one running the tests) rather than whatever is on PATH. */
export const nextCli = fileURLToPath(
  new URL("../node_modules/next/dist/bin/next", import.meta.url),
);

/** Where the browser test leaves its screenshots (gitignored). */
export const artifactsDir = fileURLToPath(new URL("../test-artifacts", import.meta.url));
