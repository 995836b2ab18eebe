import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { backendRegistry } from "./backend-registry.js";
import { sharedVariables } from "./shared-variables.js";

// docs/configuration.md lists every SEARCH_DOCS_* variable once, and only those something reads.
// "Read" is found in the sources, not in a hand list: the registry's entries (each engine's
// variables and their older names, the shared ones), plus every `.SEARCH_DOCS_…` or
// `["SEARCH_DOCS_…"]` property read and every `$SEARCH_DOCS_…` / `${SEARCH_DOCS_…}` shell read in
// the repository's committed files. A read in a test, a fixture, compat/, .ci/ or a script is a
// test variable: it belongs in the doc's last section, and only there.
const repositoryRoot = fileURLToPath(new URL("../../../../", import.meta.url));
const docPath = "packages/core/docs/configuration.md";
const testsHeading = "## The project's own tests and CI";

const committedFiles = execFileSync("git", ["ls-files"], {
  cwd: repositoryRoot,
  encoding: "utf8",
})
  .split("\n")
  .filter((path) => /\.(ts|tsx|js|mjs|cjs|sh)$|^\.ci\/run$/.test(path));

function isTestCode(path: string): boolean {
  return (
    /\.test(-d)?\.tsx?$/.test(path) ||
    /(^|\/)(__fixtures__|test|compat|\.ci|scripts|bench|soak|measure)\//.test(path) ||
    path.startsWith("compat/") ||
    path.startsWith(".ci/")
  );
}

/** The SEARCH_DOCS_* names a file reads (a property read, or a shell expansion). */
function readsIn(path: string): string[] {
  const text = readFileSync(join(repositoryRoot, path), "utf8");
  const shell = path.endsWith(".sh") || path === ".ci/run";
  const pattern = shell
    ? /\$\{?(SEARCH_DOCS_[A-Z0-9_]*[A-Z0-9])\b/g
    : /(?:\.|\[["'`])(SEARCH_DOCS_[A-Z0-9_]*[A-Z0-9])\b/g;
  return [...text.matchAll(pattern)].map((match) => match[1] as string);
}

const registryNames = [
  ...sharedVariables.map(({ name }) => name),
  ...backendRegistry.flatMap((entry) =>
    entry.variables.flatMap((variable) => [
      variable.name,
      ...(variable.alias ? [variable.alias] : []),
    ]),
  ),
];
const productReads = new Set([
  ...registryNames,
  ...committedFiles.filter((path) => !isTestCode(path)).flatMap(readsIn),
]);
const testReads = new Set(
  committedFiles
    .filter(isTestCode)
    .flatMap(readsIn)
    .filter((name) => !productReads.has(name)),
);

interface Section {
  heading: string;
  /** The variables each table row names in its first cell, in order. */
  names: string[];
}

/** The doc's `##`/`###` sections, each with the SEARCH_DOCS_* names its table rows start with. */
function sections(markdown: string): Section[] {
  const found: Section[] = [];
  for (const line of markdown.split("\n")) {
    if (/^#{2,3} /.test(line)) found.push({ heading: line, names: [] });
    const firstCell = /^\|([^|]*)\|/.exec(line)?.[1] ?? "";
    const names = [...firstCell.matchAll(/`(SEARCH_DOCS_[A-Z0-9_]+)`/g)].map((m) => m[1] as string);
    found.at(-1)?.names.push(...names);
  }
  return found;
}

const doc = sections(readFileSync(join(repositoryRoot, docPath), "utf8"));
const documented = doc.flatMap((section) => section.names);
const testSection = doc.find((section) => section.heading === testsHeading);

describe(docPath, () => {
  it("lists each variable once", () => {
    const twice = documented.filter((name, index) => documented.indexOf(name) !== index);
    expect(twice).toEqual([]);
  });

  it("lists every variable the product code reads, outside the tests' section", () => {
    const listed = new Set(doc.filter((s) => s !== testSection).flatMap((s) => s.names));
    expect([...productReads].filter((name) => !listed.has(name)).sort()).toEqual([]);
  });

  it("lists the variables only tests and scripts read in the tests' section, and only those", () => {
    expect(testSection, `a section "${testsHeading}"`).toBeDefined();
    expect([...(testSection?.names ?? [])].sort()).toEqual([...testReads].sort());
  });

  it("lists no variable that nothing reads", () => {
    expect(documented.filter((name) => !productReads.has(name) && !testReads.has(name))).toEqual(
      [],
    );
  });

  it.each(backendRegistry.map((entry) => [entry.engine, entry] as const))(
    "has a table for %s holding exactly the registry's variables",
    (engine, entry) => {
      const section = doc.find((s) => s.heading.startsWith(`### \`${engine}\``));
      expect(section, `a "### \`${engine}\`" section`).toBeDefined();
      expect(section?.names).toEqual(
        entry.variables.flatMap((v) => [v.name, ...(v.alias ? [v.alias] : [])]),
      );
    },
  );

  it("has the shared variables' table, holding exactly the registry's shared variables", () => {
    const section = doc.find((s) => s.heading === "## Shared variables");
    expect(section?.names).toEqual(sharedVariables.map(({ name }) => name));
  });
});

// The READMEs and the engine guides point here rather than keep tables of their own that drift.
it.each([
  "README.md",
  "packages/core/README.md",
  "packages/mcp/README.md",
  "packages/core/docs/elasticsearch.md",
  "packages/core/docs/folder.md",
  "packages/core/docs/hosted-engines.md",
  "packages/core/docs/postgres.md",
])("%s has no variable table of its own, and links to configuration.md", (doc) => {
  const text = readFileSync(join(repositoryRoot, doc), "utf8");
  expect(text.split("\n").filter((line) => /^\|\s*`?SEARCH_DOCS_/.test(line))).toEqual([]);
  expect(text).toMatch(/\]\(([^)]*\/)?configuration\.md\)/);
});
