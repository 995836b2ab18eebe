import { readFileSync } from "node:fs";

/**
 * Walks an entry's module graph by its source (relative imports, static and dynamic) and lists
 * every `node:` import met: workers and edge runtimes have fetch and Web Crypto, not `node:`.
 */
export function nodeImportsOf(entry: URL): { modules: number; nodeImports: string[] } {
  const seen = new Set<string>();
  const pending = [entry];
  const nodeImports: string[] = [];
  for (let url = pending.pop(); url !== undefined; url = pending.pop()) {
    if (seen.has(url.href)) continue;
    seen.add(url.href);
    const source = readFileSync(url, "utf8");
    for (const [, specifier] of source.matchAll(/(?:from|import)\s*\(?\s*"([^"]+)"/g)) {
      if (specifier === undefined) continue;
      if (specifier.startsWith("node:")) nodeImports.push(`${url.pathname}: ${specifier}`);
      if (specifier.startsWith(".")) pending.push(new URL(specifier.replace(/\.js$/, ".ts"), url));
    }
  }
  return { modules: seen.size, nodeImports };
}
