import { type ChildProcess, execFile, spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { builtBin } from "../__fixtures__/built-bin.js";

// The MCP Inspector's own CLI (a devDependency) lists and calls the tools, as a person would
// check a server: npx @modelcontextprotocol/inspector --cli <server> --method ...
const inspector = fileURLToPath(new URL("../../node_modules/.bin/mcp-inspector", import.meta.url));
const execute = promisify(execFile);

async function inspect(target: string[], args: string[]) {
  try {
    const { stdout, stderr } = await execute(
      inspector,
      ["--cli", ...target, ...args, "--format", "json"],
      {
        env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "" },
        timeout: 60_000,
      },
    );
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failure = error as { code: number; stdout: string; stderr: string };
    return { code: failure.code, stdout: failure.stdout, stderr: failure.stderr };
  }
}

const stdio = () => [process.execPath, builtBin()];

describe("the MCP Inspector CLI against search-docs-mcp", () => {
  it("stdio: tools/list, with no schema portability error or warning (--strict)", async () => {
    const { code, stdout, stderr } = await inspect(stdio(), ["--method", "tools/list", "--strict"]);
    expect(code).toBe(0);
    const { tools } = JSON.parse(stdout).result;
    expect(tools.map((tool: { name: string }) => tool.name)).toEqual([
      "search_docs",
      "get_document",
    ]);
    // With nothing to report --strict prints no summary; each finding is a "Warning:" or "Error:"
    // block and a "N errors, M warnings" line.
    expect(stderr).not.toMatch(/^(Warning|Error)\b/m);
    expect(stderr).not.toMatch(/\d+ errors?, \d+ warnings?/);
  });

  it("stdio: tools/call search_docs answers ok with the contract as structuredContent", async () => {
    const { code, stdout } = await inspect(stdio(), [
      "--method",
      "tools/call",
      "--tool-name",
      "search_docs",
      "--tool-arg",
      "query=rotate a service account key",
    ]);
    expect(code).toBe(0);
    const { result } = JSON.parse(stdout);
    expect(result.structuredContent.status).toBe("ok");
    expect(result.content[0].text).toBe(JSON.stringify(result.structuredContent));
  });

  it("stdio: bad arguments are a tool error (the Inspector's exit 5) in core's one line", async () => {
    const { code, stdout } = await inspect(stdio(), [
      "--method",
      "tools/call",
      "--tool-name",
      "search_docs",
      "--tool-args-json",
      JSON.stringify({ query: "", area: null }),
    ]);
    expect(code).toBe(5);
    expect(JSON.parse(stdout).result).toEqual({
      content: [
        {
          type: "text",
          text: 'InvalidInputError: Invalid search_docs input: "query" must not be empty.',
        },
      ],
      isError: true,
    });
  });

  describe("Streamable HTTP (--http)", () => {
    let child: ChildProcess | undefined;
    afterAll(
      () =>
        new Promise<void>((resolve) => {
          if (!child || child.exitCode !== null) return resolve();
          child.once("close", () => resolve());
          child.kill("SIGTERM");
        }),
    );

    it("lists and calls the tools over HTTP", async () => {
      child = spawn(process.execPath, [builtBin(), "--http", "--port", "0"], {
        env: { PATH: process.env.PATH ?? "" },
      });
      const running = child;
      const endpoint = await new Promise<string>((resolve, reject) => {
        let stderr = "";
        running.stderr?.on("data", (chunk: Buffer) => {
          stderr += chunk.toString();
          const match = /Streamable HTTP at (\S+\/mcp)/.exec(stderr);
          if (match?.[1]) resolve(match[1]);
        });
        running.once("close", () => reject(new Error(`exited: ${stderr}`)));
      });
      const listed = await inspect([endpoint], ["--transport", "http", "--method", "tools/list"]);
      expect(listed.code).toBe(0);
      expect(JSON.parse(listed.stdout).result.tools).toHaveLength(2);
      const called = await inspect(
        [endpoint],
        [
          "--transport",
          "http",
          "--method",
          "tools/call",
          "--tool-name",
          "get_document",
          "--tool-arg",
          "ref=runbooks/never-issued#1",
        ],
      );
      expect(called.code).toBe(0);
      expect(JSON.parse(called.stdout).result.structuredContent.status).toBe("not_found");
    });
  });
});
