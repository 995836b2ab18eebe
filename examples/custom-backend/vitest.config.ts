import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    name: "example-custom-backend",
    include: ["src/**/*.test.ts"],
    testTimeout: 20_000,
  },
});
