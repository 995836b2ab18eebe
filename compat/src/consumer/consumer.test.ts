import { mkdirSync, mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findNode22, inCi } from "../find-executable.ts";
import {
  type CommandResult,
  installConsumerApp,
  installedCopies,
  packPackages,
  runCommand,
} from "./consumer-app.ts";
import { peerSets } from "./peer-sets.ts";

// The packed tarballs, installed with npm into a fresh app outside the workspace, as a user would.
// Each publishable package needs a part of the app that uses it: a new one (@search-docs/mcp,
// say) fails the first test until compat/src/consumer/app/ runs it too.
const packagesTheAppRuns = [
  "@search-docs/ai-sdk",
  "@search-docs/core",
  "@search-docs/langchain",
  "@search-docs/mcp",
];

const root = mkdtempSync(join(tmpdir(), "search-docs-consumer-"));
const apps = new Map<string, { directory: string; install: CommandResult }>();
let tarballs: Record<string, string> = {};
const node22 = findNode22();
const nodes = [
  { name: `this Node (${process.version})`, binary: process.execPath as string | undefined },
  { name: "Node 22 (the lowest supported)", binary: node22 },
];

beforeAll(async () => {
  const destination = join(root, "tarballs");
  mkdirSync(destination);
  tarballs = await packPackages(destination);
  const installed = await Promise.all(
    peerSets.map((set) => installConsumerApp(root, set, tarballs)),
  );
  for (const [index, set] of peerSets.entries()) apps.set(set.name, installed[index] as never);
}, 400_000);

afterAll(() => rm(root, { recursive: true, force: true }), 120_000);

it("packs every publishable package, and the app runs each of them", () => {
  expect(Object.keys(tarballs).sort()).toEqual(packagesTheAppRuns);
});

it("each tarball holds dist, the sources its maps point at, README and LICENSE, and no test", async () => {
  for (const tarball of Object.values(tarballs)) {
    const { stdout } = await runCommand("tar", ["-tzf", tarball], { cwd: root });
    const files = stdout.trim().split("\n");
    expect(files).toContain("package/LICENSE");
    expect(files).toContain("package/README.md");
    expect(files.some((file) => file.startsWith("package/dist/"))).toBe(true);
    expect(files.some((file) => file.startsWith("package/src/"))).toBe(true);
    expect(files.filter((file) => /\.test\.ts$|__fixtures__/.test(file))).toEqual([]);
  }
});

describe.each(peerSets)("an app with the $name versions", (set) => {
  const app = () => {
    const found = apps.get(set.name);
    if (!found) throw new Error(`the ${set.name} app was not installed`);
    return found;
  };

  it("installs with npm, quietly, with one copy each of core, zod and @opentelemetry/api", () => {
    const { directory, install } = app();
    expect(install.code, install.stderr).toBe(0);
    // npm's warnings about other packages (deprecations) are theirs; none may be about ours.
    const ours = `${install.stdout}\n${install.stderr}`
      .split("\n")
      .filter((line) => /search-docs|ERESOLVE|Failed to create bin/i.test(line));
    expect(ours).toEqual([]);
    for (const name of ["@search-docs/core", "zod", "@opentelemetry/api"]) {
      expect(installedCopies(directory, name), name).toHaveLength(1);
    }
    console.info(`[consumer] ${set.name}: npm install took ${(install.ms / 1000).toFixed(1)} s`);
  });

  for (const { name, binary } of nodes) {
    const missing = binary === undefined ? " (not found: skipped outside CI)" : "";
    it.skipIf(binary === undefined && !inCi)(
      `on ${name}: a search and a get_document through core, LangChain, the AI SDK and MCP (in process and npx over stdio); spans reach the app${missing}`,
      async () => {
        expect(binary, `${name} was not found (.ci/run installs it)`).toBeDefined();
        const result = await runCommand(binary as string, ["main.ts"], { cwd: app().directory });
        expect(result.code, result.stderr).toBe(0);
        const report = JSON.parse(result.stdout);
        expect(report.core).toEqual({
          search: "ok",
          ref: expect.stringMatching(/^runbooks\/key-rotation#/),
          document: "ok",
          schemas: {
            queryDescription: "The user's question, in their own words",
            parsedQuery: "vpn",
          },
        });
        for (const adapter of [report.langchain, report.aiSdk]) {
          expect(adapter).toEqual([
            { tool: "search_docs", status: "ok", traceId: expect.any(String) },
            { tool: "get_document", status: "ok", traceId: expect.any(String) },
          ]);
        }
        expect(report.mcp).toEqual({
          calls: [
            { tool: "search_docs", status: "ok" },
            { tool: "get_document", status: "ok" },
            { tool: "search_docs over stdio", status: "ok" },
          ],
          stdioSaysEmbedded: true,
        });
        // The app's span and one per tool call from core, all in the app's own provider.
        const spans = report.spans as Array<{ name: string; scope: string }>;
        const fromCore = spans.filter((span) => span.scope === "@search-docs/core");
        expect(spans.filter((span) => span.scope === "consumer-app")).toHaveLength(1);
        expect(fromCore.some((span) => span.name.includes("search_docs"))).toBe(true);
        expect(fromCore.some((span) => span.name.includes("get_document"))).toBe(true);
        console.info(`[consumer] ${set.name} on ${report.node}: ${spans.length} spans recorded`);
      },
    );
  }

  it.each(["bundler", "nodenext"])("typechecks under moduleResolution %s", async (resolution) => {
    const { directory } = app();
    const result = await runCommand(
      process.execPath,
      ["node_modules/typescript/bin/tsc", "-p", `tsconfig.${resolution}.json`],
      { cwd: directory },
    );
    expect(result.stdout + result.stderr).toBe("");
    expect(result.code).toBe(0);
  });

  it("source maps and declaration maps point at files the package ships", () => {
    const { directory } = app();
    for (const name of packagesTheAppRuns) {
      const packageRoot = join(directory, "node_modules", name);
      const maps = readdirSync(join(packageRoot, "dist"), { recursive: true, encoding: "utf8" })
        .filter((file) => file.endsWith(".map"))
        .map((file) => join(packageRoot, "dist", file));
      expect(maps.length).toBeGreaterThan(0);
      for (const map of maps) {
        const { sources, sourcesContent } = JSON.parse(readFileSync(map, "utf8")) as {
          sources: string[];
          sourcesContent?: Array<string | null>;
        };
        // Each source is either embedded (a bundled dependency's) or a file the package ships.
        for (const [index, source] of sources.entries()) {
          if (typeof sourcesContent?.[index] === "string") continue;
          expect(() => readFileSync(join(map, "..", source)), `${map} → ${source}`).not.toThrow();
        }
      }
    }
  });
});
