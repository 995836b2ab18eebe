import { fileURLToPath } from "node:url";
import type { NextConfig } from "next";

const config: NextConfig = {
  // The monorepo root: pnpm links the workspace packages from there, and Turbopack resolves no
  // file outside its root. In your own app, drop this line.
  turbopack: { root: fileURLToPath(new URL("../..", import.meta.url)) },
  // Optional dependencies, loaded by Node only when their API key is set: left out of the bundle,
  // a missing one is a clear error at run time instead of a failed build.
  serverExternalPackages: ["@ai-sdk/openai", "@ai-sdk/anthropic"],
};

export default config;
