import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { publishablePackages } from "./consumer/consumer-app.ts";
import { peerSets } from "./consumer/peer-sets.ts";
import { repositoryRoot } from "./find-executable.ts";

interface Manifest {
  name: string;
  license?: string;
  repository?: { type: string; url: string; directory: string };
  homepage?: string;
  bugs?: { url: string };
  publishConfig?: Record<string, unknown>;
  engines?: { node: string };
  bin?: Record<string, string>;
  dependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
}

const read = (path: string) => readFileSync(join(repositoryRoot, path), "utf8");
const rootManifest = JSON.parse(read("package.json")) as Manifest;
const committed = new Set(
  execFileSync("git", ["ls-files"], { cwd: repositoryRoot, encoding: "utf8" }).split("\n"),
);
const packages = publishablePackages().map(({ directory }) => ({
  folder: relative(repositoryRoot, directory),
  manifest: JSON.parse(readFileSync(join(directory, "package.json"), "utf8")) as Manifest,
}));
const lowest = peerSets.find((set) => set.name === "lowest")?.dependencies ?? {};

describe.each(packages)("$manifest.name", ({ folder, manifest }) => {
  it("names its license, repository, homepage and issues, and publishes publicly with provenance", () => {
    expect(manifest.license).toBe("MIT");
    expect(read(`${folder}/LICENSE`)).toBe(read("LICENSE"));
    expect(manifest.repository).toEqual({
      type: "git",
      url: "git+https://github.com/search-docs/search-docs.git",
      directory: folder,
    });
    expect(manifest.homepage).toBe(
      `https://github.com/search-docs/search-docs/tree/main/${folder}#readme`,
    );
    expect(manifest.bugs).toEqual({ url: "https://github.com/search-docs/search-docs/issues" });
    expect(manifest.publishConfig).toEqual({ access: "public", provenance: true });
  });

  it("needs the Node the repository needs, and depends on its siblings with workspace:^", () => {
    expect(manifest.engines).toEqual(rootManifest.engines);
    for (const [name, range] of Object.entries(manifest.dependencies ?? {})) {
      if (name.startsWith("@search-docs/")) expect(range, name).toBe("workspace:^");
    }
  });

  it("claims as the floor of each peer range the version the consumer test installs as lowest", () => {
    for (const [name, range] of Object.entries(manifest.peerDependencies ?? {})) {
      expect(range, name).toBe(`^${lowest[name]}`);
    }
  });

  it("points its bins at committed files, so installs link them before any build", () => {
    for (const target of Object.values(manifest.bin ?? {})) {
      const path = join(folder, target);
      expect(committed.has(path), path).toBe(true);
      expect(path).not.toContain("/dist/");
    }
  });

  it("links its README to files of the repository that exist, never to a repository URL not yet published", () => {
    const links = [...read(`${folder}/README.md`).matchAll(/\]\(([^)\s]+)/g)].map(
      (match) => match[1] ?? "",
    );
    expect(links.filter((link) => link.includes("github.com/search-docs"))).toEqual([]);
    const missing = links
      .filter((link) => !/^(https?:|#|mailto:)/.test(link))
      .map((link) => join(folder, link.split("#")[0] ?? ""))
      .filter((path) => !existsSync(join(repositoryRoot, path)));
    expect(missing).toEqual([]);
  });
});

it("the README, .ci/run and the Node gate take the Node version from the root engines", () => {
  const wanted = rootManifest.engines?.node.replace(/^>=\s*/, "") ?? "";
  expect(read("README.md")).toContain(`With Node ≥ ${wanted} and pnpm`);
  for (const script of [".ci/run", "scripts/run.sh"]) {
    expect(read(script)).toContain(`$(sed -n 's/.*"node": ">=\\([0-9.]*\\)".*/\\1/p' package.json`);
  }
  expect(read(".pnpmfile.cjs")).toContain('const { engines } = require("./package.json");');
  expect(Number(read(".nvmrc").trim())).toBeGreaterThanOrEqual(Number(wanted.split(".")[0]));
});
