import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { dirname, join, normalize } from "node:path";
import { expect, it } from "vitest";
import { repositoryRoot } from "./find-executable.ts";

// A reader of a clone (or of the packed packages) can open what the docs point at: every doc of
// the repository names only files the repository holds. Three ways a doc points at a file:
// a relative link, a `../` path (in prose or code: `../shared/corpus` pointed outside the clone),
// and a bare upper-case doc name (`DESIGN.md` named a spec that was never committed).
const committed = execFileSync("git", ["ls-files"], { cwd: repositoryRoot, encoding: "utf8" })
  .split("\n")
  .filter((path) => path !== "");
const folders = new Set(
  committed.flatMap((path) =>
    path
      .split("/")
      .slice(0, -1)
      .map((_, index, parts) => parts.slice(0, index + 1).join("/")),
  ),
);
const names = new Set(committed.map((path) => path.split("/").at(-1)));
// changesets writes each package's CHANGELOG.md on release; .changeset/README.md says so.
const writtenOnRelease = new Set(["CHANGELOG.md"]);

function inRepository(path: string): boolean {
  const normalized = normalize(path).replace(/\/$/, "");
  return normalized === "." || committed.includes(normalized) || folders.has(normalized);
}

/** What a doc points at that the repository does not hold, as `doc.md: target`. */
function danglingIn(doc: string): string[] {
  const text = readFileSync(join(repositoryRoot, doc), "utf8");
  const folder = dirname(doc);
  // Links are read from the prose: code (fenced or inline) may show a `](` that is no link.
  const prose = text.replaceAll(/```[\s\S]*?```/g, "").replaceAll(/`[^`\n]*`/g, "");
  const links = [...prose.matchAll(/\]\(([^)\s]+)/g)]
    .map((match) => match[1] as string)
    .filter((target) => !/^(https?:|mailto:|#)/.test(target))
    .map((target) => decodeURI(target.split("#")[0] as string))
    .filter((target) => !inRepository(join(folder, target)));
  const parentPaths = [...text.matchAll(/(?<![\w./-])((?:\.\.\/)+[\w./-]*\w)/g)]
    .map((match) => match[1] as string)
    .filter((path) => !inRepository(join(folder, path)) && !inRepository(path));
  const docNames = [...text.matchAll(/(?<![\w./-])([A-Z][A-Z0-9_-]*\.md)\b/g)]
    .map((match) => match[1] as string)
    .filter((name) => !names.has(name) && !writtenOnRelease.has(name));
  return [...links, ...parentPaths, ...docNames].map((target) => `${doc}: ${target}`);
}

it("every doc of the repository points only at files the repository holds", () => {
  const docs = committed.filter((path) => path.endsWith(".md"));
  expect(docs.length).toBeGreaterThan(20);
  expect(docs.flatMap(danglingIn)).toEqual([]);
});
