import { execFile } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { promisify } from "node:util";
import { expect, it } from "vitest";
import { repositoryRoot } from "./find-executable.ts";

const run = promisify(execFile);

it("a changeset bumps the package, writes its changelog, patches its dependents and skips private packages", async () => {
  // The repository's manifests and changesets config, in a scratch folder.
  const root = mkdtempSync(join(tmpdir(), "search-docs-changesets-"));
  const { stdout: manifests } = await run("git", ["ls-files", "package.json", "*/package.json"], {
    cwd: repositoryRoot,
  });
  for (const file of [
    ...manifests.trim().split("\n"),
    "pnpm-workspace.yaml",
    ".changeset/config.json",
  ]) {
    mkdirSync(join(root, dirname(file)), { recursive: true });
    cpSync(join(repositoryRoot, file), join(root, file));
  }
  symlinkSync(join(repositoryRoot, "node_modules"), join(root, "node_modules"));
  writeFileSync(
    join(root, ".changeset", "move-config.md"),
    '---\n"@search-docs/core": minor\n---\n\nThe environment reader moves to @search-docs/core/node.\n',
  );
  await run(join(repositoryRoot, "node_modules", ".bin", "changeset"), ["version"], { cwd: root });

  const manifest = (folder: string) =>
    JSON.parse(readFileSync(join(root, folder, "package.json"), "utf8")) as {
      version: string;
      dependencies?: Record<string, string>;
    };
  const before = (folder: string) =>
    (
      JSON.parse(readFileSync(join(repositoryRoot, folder, "package.json"), "utf8")) as {
        version: string;
      }
    ).version;
  expect(manifest("packages/core").version).not.toBe(before("packages/core"));
  expect(readFileSync(join(root, "packages/core/CHANGELOG.md"), "utf8")).toContain(
    "The environment reader moves to @search-docs/core/node.",
  );
  for (const adapter of ["packages/langchain", "packages/ai-sdk"]) {
    // Below 1.0 a minor leaves ^0.1.x: the dependents get a patch, the range stays workspace:^.
    expect(manifest(adapter).version).not.toBe(before(adapter));
    expect(manifest(adapter).dependencies?.["@search-docs/core"]).toBe("workspace:^");
  }
  for (const privateFolder of ["compat", "bench", "examples/quickstart"]) {
    expect(manifest(privateFolder).version).toBe(before(privateFolder));
  }
});
