import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { builtBin } from "../__fixtures__/built-bin.js";

// `search-docs-mcp --check`: core's check, run by the MCP bin instead of serving.
let work: string;

beforeEach(() => {
  work = mkdtempSync(join(tmpdir(), "search-docs-mcp-check-"));
  mkdirSync(join(work, "docs", "runbooks"), { recursive: true });
  writeFileSync(
    join(work, "docs", "runbooks", "key-rotation.md"),
    "# Key rotation\n\nRotate the signing key every 90 days.\n",
  );
});
afterEach(() => rmSync(work, { recursive: true, force: true }));

function run(args: string[], env: Record<string, string> = {}) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, [builtBin(), ...args], {
      env: { PATH: process.env.PATH ?? "", XDG_CACHE_HOME: join(work, "cache"), ...env },
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.stdin.end();
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

describe("search-docs-mcp --check", () => {
  it("checks the configured folder and exits 0 when every check passes", async () => {
    const { code, stdout } = await run(["--check", "--docs", join(work, "docs")]);
    expect(stdout).toMatch(/✓ get_document answers +read "Key rotation"/);
    expect(stdout).toMatch(/All \d+ checks passed/);
    expect(code).toBe(0);
  });

  it("--json, and a failing probe exits 7", async () => {
    const { code, stdout } = await run([
      "--check",
      "--json",
      "--query",
      "zebra quantum",
      "--docs",
      join(work, "docs"),
    ]);
    expect(code).toBe(7);
    expect(JSON.parse(stdout)).toMatchObject({ engine: "folder", passed: false });
  });

  it("with nothing configured, one line and exit 2", async () => {
    const { code, stderr, stdout } = await run(["--check"]);
    expect(code).toBe(2);
    expect(stdout).toBe("");
    expect(stderr).toMatch(/^search-docs-mcp --check: no backend is configured/);
  });
});
