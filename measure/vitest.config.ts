import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    name: "measure",
    include: ["src/**/*.test.ts"],
  },
});
