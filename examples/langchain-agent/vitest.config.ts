import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    name: "example-langchain-agent",
    include: ["src/**/*.test.ts"],
    testTimeout: 20_000,
  },
});
