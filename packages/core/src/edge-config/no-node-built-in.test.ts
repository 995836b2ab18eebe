import { readFileSync } from "node:fs";
import { dirname, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { expect, it } from "vitest";

const source = resolve(dirname(fileURLToPath(import.meta.url)), "..");

/**
 * Every module the entry reaches, with what each imports from outside the source: static
 * imports, re-exports and `import()` (the engines' lazily loaded modules are in an edge bundle
 * too). Type-only imports are left out: they are erased. A rough reading of the source, not a
 * parser: enough for this code base's import style, and it errs towards finding too much.
 */
function reached(entry: string): Map<string, string[]> {
  const modules = new Map<string, string[]>();
  const visit = (file: string) => {
    if (modules.has(file)) return;
    const outside: string[] = [];
    modules.set(file, outside);
    const code = readFileSync(file, "utf8").replace(
      /^(import|export) type [^;]*? from "[^"]+";/gms,
      "",
    );
    const specifiers = [
      ...code.matchAll(/\bfrom "([^"]+)"/g),
      // `typeof import("x")` and `import("x").Name` are types; `import("x").then(…)` is not.
      ...code.matchAll(/(?<!typeof )\bimport\("([^"]+)"\)(?!\.(?!then\b))/g),
    ].map((match) => match[1] as string);
    for (const specifier of specifiers) {
      if (specifier.startsWith("."))
        visit(resolve(dirname(file), specifier.replace(/\.js$/, ".ts")));
      else outside.push(specifier);
    }
  };
  visit(resolve(source, entry));
  return modules;
}

it("@search-docs/core/edge-config reaches no Node built-in and no driver, lazily loaded modules included", () => {
  const modules = reached("edge-config/index.ts");
  const offenders = [...modules].flatMap(([file, imports]) =>
    imports
      .filter((specifier) => specifier.startsWith("node:") || specifier === "pg")
      .map((specifier) => `${relative(source, file)} imports ${specifier}`),
  );
  expect(offenders).toEqual([]);
  // The walk did reach the engines' readers and the backends they load.
  const files = [...modules.keys()].map((file) => relative(source, file));
  expect(files).toContain("config/hosted-engines.ts");
  expect(files).toContain("elasticsearch/index.ts");
  expect(files).not.toContain("config/postgres-engine.ts");
  expect(files).not.toContain("config/folder-engine.ts");
});
