import { expect, it } from "vitest";
import { measureColdStart } from "./measure-cold-start.ts";

const options = {
  specifier: "@search-docs/core",
  baseUrl: "http://127.0.0.1:9",
  areas: {},
  token: "unused",
  query: "unused",
};

it("a cold import of core loads its bundle and zod, not OpenTelemetry nor the HTML tokenizer", () => {
  const [node, core] = measureColdStart({
    arms: [
      { name: "node", run: "node" },
      { name: "import", run: "import" },
    ],
    rounds: 1,
    options,
  });
  // The child script itself is the bare start's one module.
  expect(node?.modules).toBe(1);
  expect(core?.modulesByPackage).not.toHaveProperty("@opentelemetry/api");
  expect(core?.modulesByPackage).not.toHaveProperty("htmlparser2");
  // One bundled module per entry and the chunks it shares: a handful, not one per source file.
  expect(core?.modulesByPackage.core).toBeLessThanOrEqual(10);
  expect(core?.cpuMs.p50).toBeGreaterThan(0);
  expect(core?.wallMs.p50).toBeGreaterThan(0);
});
