import { build, type Metafile } from "esbuild";
import { expect, it } from "vitest";
import { compatRoot } from "./find-executable.ts";

/**
 * The root entry as a bundler for edge runtimes, workers and browsers sees it: the neutral
 * platform, with no Node built-in available. esbuild fails on any import it cannot resolve.
 */
async function bundleRootEntry(): Promise<Metafile> {
  const result = await build({
    stdin: { contents: 'export * from "@search-docs/core";', resolveDir: compatRoot },
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
