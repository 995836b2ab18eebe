import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    name: "measure",
    include: ["src/**/*.test.ts"],
    // Loading the o200k ranks takes seconds on a loaded machine.
    testTimeout: 20_000,
  },
});
