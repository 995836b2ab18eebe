import { expect, it } from "vitest";
import { coldStartOptions, measureColdStart } from "./measure-cold-start.ts";
import { startServiceProcess } from "./service-process.ts";

// Fresh processes, one after another, on a machine that may be loaded: bounds for a hang only.

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
  // The entry and the chunks it shares with the other entries (more entries, more chunks): at
  // most the 15, where one module per source file was 72.
  expect(core?.modulesByPackage.core).toBeLessThanOrEqual(15);
  expect(core?.cpuMs.p50).toBeGreaterThan(0);
  expect(core?.wallMs.p50).toBeGreaterThan(0);
}, 120_000);

it("the first answer without tracing loads no OpenTelemetry; the bare loop's, nothing but itself", async () => {
  const service = await startServiceProcess({ collectionsPerArea: 1, seed: 1 });
  try {
    const [ours, bare] = measureColdStart({
      arms: [
        { name: "search-docs", run: "search-docs" },
        { name: "bare loop", run: "bare-loop" },
      ],
      rounds: 1,
      options: coldStartOptions(service),
    });
    expect(ours?.status).toBe("ok");
    expect(ours?.modulesByPackage).not.toHaveProperty("@opentelemetry/api");
    expect(bare?.status).toBe("ok");
    expect(bare?.modules).toBe(1);
  } finally {
    await service.close();
  }
}, 120_000);
