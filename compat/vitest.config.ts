import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    name: "compat",
    include: ["src/**/*.test.ts"],
    testTimeout: 60_000,
  },
});
