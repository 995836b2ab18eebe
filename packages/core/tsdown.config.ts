// One bundled ES module per entry of the exports map (plus the CLI the bin runs), each with its
// .d.ts and source map: an import then resolves a handful of files, not one per source file.
import { readFileSync } from "node:fs";
import { dirname, relative } from "node:path";
import { defineConfig } from "tsdown";

interface PackageManifest {
  exports: Record<string, string | { types?: string; default?: string }>;
}

const manifest = JSON.parse(
  readFileSync(new URL("./package.json", import.meta.url), "utf8"),
) as PackageManifest;

/** `./dist/node/index.js` → `node/index`, built from `src/node/index.ts`. */
function entriesOf(exportsMap: PackageManifest["exports"]): Record<string, string> {
  const entries: Record<string, string> = {};
  for (const target of Object.values(exportsMap)) {
    const file = typeof target === "string" ? target : target.default;
    const name = file === undefined ? undefined : /^\.\/dist\/(.+)\.js$/.exec(file)?.[1];
    if (name !== undefined) entries[name] = `src/${name}.ts`;
  }
  return entries;
}

const source = new URL("./src/", import.meta.url).pathname;
// `new URL("./corpus/…", import.meta.url)`: a file read from beside the module itself.
const readsBesideItself = /new URL\(\s*["']\.{1,2}\//;

/**
 * The dist folder a shared chunk must sit in: a module that reads a file beside itself keeps its
 * folder (the sample corpus sits in dist/testing/), the rest go to dist/'s root. Two such modules
 * from different folders in one chunk cannot both be right: the build stops.
 */
function chunkFolder(moduleIds: readonly string[]): string {
  const folders = new Set<string>();
  for (const id of moduleIds) {
    // Declaration chunks (`x.d.ts` ids) read nothing at run time: they stay at the root.
    if (!id.startsWith(source) || !id.endsWith(".ts") || id.endsWith(".d.ts")) continue;
    if (readsBesideItself.test(readFileSync(id, "utf8")))
      folders.add(relative(source, dirname(id)));
  }
  if (folders.size > 1) {
    throw new Error(
      `one chunk holds modules that read files beside them from ${[...folders].join(" and ")}`,
    );
  }
  const [folder] = folders;
  return folder === undefined || folder === "" ? "" : `${folder}/`;
}

export default defineConfig({
  entry: { ...entriesOf(manifest.exports), "cli/bin": "src/cli/bin.ts" },
  tsconfig: "tsconfig.build.json",
  format: "esm",
  platform: "node",
  fixedExtension: false,
  outDir: "dist",
  dts: true,
  sourcemap: true,
  // zod/mini inlined: its 92 files cost a cold import ~30% of its time in ESM resolution alone,
  // while one chunk of the parts core uses resolves at once. The declarations keep importing
  // `zod/mini` (the peer), so the schemas' types are the app's own zod's.
  // The HTML tokenizer too (htmlparser2, entities and the dom packages: 26 files), in the chunk
  // the first text holding markup loads: a fresh process's first answer resolved them one by one.
  deps: {
    alwaysBundle: [
      /^zod(\/|$)/,
      /^(htmlparser2|entities|dom(handler|utils|-serializer|elementtype))(\/|$)/,
    ],
    dts: { alwaysBundle: () => false },
  },
  // The declaration pass takes most of a build, always: a warning about it on every build says nothing.
  inputOptions: { checks: { bundlerTimings: false } },
  outputOptions: (options) => {
    const named = options.chunkFileNames ?? "[name]-[hash].js";
    options.chunkFileNames = (chunk) =>
      `${chunkFolder(chunk.moduleIds)}${typeof named === "function" ? named(chunk) : named}`;
    return options;
  },
});
