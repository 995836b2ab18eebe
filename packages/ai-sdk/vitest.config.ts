import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    name: "ai-sdk",
    include: ["src/**/*.test.ts"],
    testTimeout: 20_000,
  },
});
