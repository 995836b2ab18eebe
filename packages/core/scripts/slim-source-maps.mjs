// The package ships src/ beside dist/, so a source map need not carry a second copy of those
// sources: each map keeps `sourcesContent` only for the sources that do not ship as files (the
// modules bundled from dependencies: zod/mini, the HTML tokenizer). A third of the tarball was
// that second copy.
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";

const packageRoot = fileURLToPath(new URL("..", import.meta.url));
const dist = resolve(packageRoot, "dist");
const shippedSources = resolve(packageRoot, "src");

/** Whether the package's "files" ship this file of src/ (tests and fixtures stay out). */
function ships(file) {
  const path = relative(shippedSources, file).split(sep).join("/");
  if (path.startsWith("..") || path === "") return false;
  if (/\.test(-d)?\.ts$/.test(path)) return false;
  return !path.startsWith("__fixtures__/") && !path.startsWith("testing/corpus/");
}

for (const name of readdirSync(dist, { recursive: true, encoding: "utf8" })) {
  if (!name.endsWith(".map")) continue;
  const file = resolve(dist, name);
  const map = JSON.parse(readFileSync(file, "utf8"));
  if (!Array.isArray(map.sourcesContent)) continue;
  const content = map.sourcesContent.map((text, index) =>
    ships(resolve(dirname(file), map.sources[index] ?? "")) ? null : text,
  );
  if (content.every((text) => text === null)) delete map.sourcesContent;
  else map.sourcesContent = content;
  writeFileSync(file, JSON.stringify(map));
}
