// pnpm --filter @search-docs/compat start-up: what core costs an app that imports it. The bundles
// (minified, neutral platform, by package) are exact; the cold import times
// are medians of fresh processes, so they move with the machine's load: compare on one machine.
import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { build } from "esbuild";
import { compatRoot, repositoryRoot } from "./find-executable.ts";

// Imports resolve as inside core's own folder: its dependencies, and itself by name.
const coreRoot = join(repositoryRoot, "packages", "core");

const processes = Number(process.argv[2] ?? 21);

async function bundle(contents: string, resolveDir = compatRoot) {
  const result = await build({
    stdin: { contents, resolveDir },
    bundle: true,
    minify: true,
    // As an edge or workers build bundles it.
    platform: "neutral",
    format: "esm",
    mainFields: ["module", "main"],
    conditions: ["workerd", "worker", "browser"],
    write: false,
    metafile: true,
    logLevel: "silent",
  });
  const output = result.outputFiles[0]?.contents ?? new Uint8Array();
  const byPackage: Record<string, number> = {};
  for (const [path, input] of Object.entries(
    Object.values(result.metafile.outputs)[0]?.inputs ?? {},
  )) {
    // Workspace packages by folder (packages/core → core), the rest by their node_modules name.
    const key =
      /packages\/([^/]+)\//.exec(path)?.[1] ??
      /node_modules\/(?:\.pnpm\/[^/]+\/node_modules\/)?((?:@[^/]+\/)?[^/]+)/.exec(path)?.[1] ??
      path;
    byPackage[key] = (byPackage[key] ?? 0) + input.bytesInOutput;
  }
  return { bytes: output.byteLength, gzip: gzipSync(output).byteLength, byPackage };
}

/**
 * `await import(specifier)` in fresh node processes: wall milliseconds and CPU milliseconds (user
 * and system, which a loaded machine disturbs less), median and p90 over the processes.
 */
function coldImport(specifier: string) {
  const script = `const cpu = process.cpuUsage(); const t = performance.now(); await import(${JSON.stringify(specifier)}); const used = process.cpuUsage(cpu); process.stdout.write(JSON.stringify([performance.now() - t, (used.user + used.system) / 1000]));`;
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let index = 0; index < processes; index++) {
    const output = execFileSync(process.execPath, ["--input-type=module", "-e", script], {
      cwd: coreRoot,
      encoding: "utf8",
    });
    const [wallMs, cpuMs] = JSON.parse(output) as [number, number];
    wall.push(wallMs);
    cpu.push(cpuMs);
  }
  const summary = (times: number[]) => {
    times.sort((a, b) => a - b);
    const at = (share: number) =>
      times[Math.min(times.length - 1, Math.floor(share * times.length))] ?? 0;
    return `median ${at(0.5).toFixed(1)} ms, p90 ${at(0.9).toFixed(1)} ms`;
  };
  return { wall: summary(wall), cpu: summary(cpu) };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const entries: Array<[name: string, contents: string, resolveDir?: string]> = [
  ["createDocsSearch", 'export { createDocsSearch } from "@search-docs/core";'],
  [
    "an AI SDK edge route (streamText, docsTools, createDocsSearch)",
    'export { streamText } from "ai"; export { docsTools } from "@search-docs/ai-sdk"; export { createDocsSearch } from "@search-docs/core";',
    join(repositoryRoot, "packages", "ai-sdk"),
  ],
];
for (const [name, contents, resolveDir] of entries) {
  const { bytes, gzip, byPackage } = await bundle(contents, resolveDir);
  const parts = Object.entries(byPackage)
    .filter(([, size]) => size > 0)
    .sort(([, a], [, b]) => b - a)
    .slice(0, 5)
    .map(([name, size]) => `${name} ${kb(size)}`);
  console.log(`${name}, minified: ${kb(bytes)} (${kb(gzip)} gzip); largest: ${parts.join(", ")}`);
}
console.log(`cold import, ${processes} fresh processes each, ${process.version}:`);
// The first row is the loader's own cost, for a one-line module: subtract it from the others.
for (const specifier of [
  "data:text/javascript,export default 1",
  "@search-docs/core",
  "zod",
  "zod/mini",
  "htmlparser2",
  "@opentelemetry/api",
]) {
  const { wall, cpu } = coldImport(specifier);
  console.log(`  ${specifier}: wall ${wall}; CPU ${cpu}`);
}
