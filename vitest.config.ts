import { defineConfig } from "vitest/config";

// One run over every package, so CI reads one summary.
export default defineConfig({
  test: {
    projects: ["packages/*", "examples/*", "{bench,soak,measure,compat}"],
    reporters: ["default", ["json", { outputFile: ".vitest/results.json" }]],
  },
});
