import { build, type Metafile } from "esbuild";
import { expect, it } from "vitest";
import { compatRoot } from "./find-executable.ts";

/**
 * The root entry as a bundler for edge runtimes, workers and browsers sees it: the neutral
 * platform, with no Node built-in available. esbuild fails on any import it cannot resolve.
 */
async function bundleRootEntry(entry = "@search-docs/core"): Promise<Metafile> {
  const result = await build({
    stdin: { contents: `export * from "${entry}";`, resolveDir: compatRoot },
    bundle: true,
    platform: "neutral",
    format: "esm",
    mainFields: ["module", "main"],
    write: false,
    metafile: true,
    logLevel: "silent",
  });
  return result.metafile;
}

it("@search-docs/core bundles for a neutral platform: every import resolved, none from node:", async () => {
  const metafile = await bundleRootEntry();
  const imports = Object.values(metafile.inputs).flatMap((input) => input.imports);
  expect(imports.filter((entry) => entry.external)).toEqual([]);
  expect(imports.filter((entry) => entry.path.startsWith("node:"))).toEqual([]);
  expect(Object.keys(metafile.inputs).some((path) => path.includes("/core/dist/index.js"))).toBe(
    true,
  );
});

it("@search-docs/core/edge-config (the registry's fetch engines, lazily loaded backends included) bundles the same way", async () => {
  const metafile = await bundleRootEntry("@search-docs/core/edge-config");
  const imports = Object.values(metafile.inputs).flatMap((input) => input.imports);
  expect(imports.filter((entry) => entry.external)).toEqual([]);
  expect(imports.filter((entry) => entry.path.startsWith("node:"))).toEqual([]);
  const inputs = Object.keys(metafile.inputs);
  expect(inputs.some((path) => path.includes("/core/dist/edge-config/index.js"))).toBe(true);
  expect(inputs.some((path) => path.includes("/core/dist/typesense/index.js"))).toBe(true);
});
