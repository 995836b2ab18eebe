import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    name: "nextjs-chat",
    include: ["{lib,test}/**/*.test.ts"],
    globalSetup: ["test/build-app.ts"],
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
