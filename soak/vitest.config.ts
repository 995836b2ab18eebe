import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    name: "soak",
    include: ["src/**/*.test.ts"],
    testTimeout: 60_000,
    // The soak asserts latencies: it runs after every other project, its files one at a time,
    // so that other tests' CPU does not pass for the client's.
    sequence: { groupOrder: 1 },
    fileParallelism: false,
  },
});
