import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { runCli } from "../__fixtures__/run-cli.js";
import type { CheckReport } from "./check-report.js";

// `search-docs check --docs <folder>` on a real folder, indexed for real (node:sqlite).
let work: string;
const secretBody = "Create the new key, then revoke the old one";

beforeEach(() => {
  work = mkdtempSync(join(tmpdir(), "search-docs-check-folder-"));
  mkdirSync(join(work, "docs", "runbooks"), { recursive: true });
  writeFileSync(
    join(work, "docs", "runbooks", "key-rotation.md"),
    `# Key rotation\n\nRotate the signing key every 90 days.\n\n## Steps\n\n${secretBody}.\n`,
  );
});
afterEach(() => rmSync(work, { recursive: true, force: true }));

const environment = () => ({ XDG_CACHE_HOME: join(work, "cache") });

describe("search-docs check on a folder", () => {
  it("passes on a good folder: indexed, probed with its first title, the hit read back", async () => {
    const { code, out } = await runCli(["check", "--docs", join(work, "docs")], environment());
    expect(code).toBe(0);
    expect(out).toMatch(/✓ folder index +indexed .*: 1 files, 2 sections/);
    expect(out).toMatch(/area runbooks, runbooks/);
    expect(out).toMatch(/✓ probe search answers +\d+ result\(s\) for "Key rotation"/);
    expect(out).toMatch(/✓ get_document answers +read "Key rotation"/);
    expect(out).toMatch(/All \d+ checks passed/);
    expect(out).not.toContain("✗");
    expect(out).not.toContain(secretBody);
  });

  it("--json gives the same rows for scripts", async () => {
    const { code, out } = await runCli(
      ["check", "--docs", join(work, "docs"), "--json"],
      environment(),
    );
    expect(code).toBe(0);
    const report = JSON.parse(out) as CheckReport;
    expect(report).toMatchObject({ engine: "folder", passed: true });
    expect(report.rows.map((row) => `${row.step}:${row.state}`)).toEqual([
      "index:pass",
      "reach:pass",
      "credentials:pass",
      "collection:pass",
      "probe:pass",
      "document:pass",
    ]);
  });

  it("fails, naming the fix, when the probe matches nothing (exit 7)", async () => {
    const { code, out } = await runCli(
      ["check", "--docs", join(work, "docs"), "--query", "zebra quantum"],
      environment(),
    );
    expect(code).toBe(7);
    expect(out).toMatch(/✗ probe search answers +nothing matched "zebra quantum"/);
    expect(out).toMatch(/fix: index documents into folder runbooks, or pass --query/);
  });

  it("fails on a folder with no documents, naming the fix", async () => {
    mkdirSync(join(work, "empty", "notes"), { recursive: true });
    writeFileSync(join(work, "empty", "notes", "picture.png"), "not docs");
    const { code, out } = await runCli(["check", "--docs", join(work, "empty")], environment());
    expect(code).toBe(7);
    expect(out).toMatch(/✗ folder index +indexed .*: 0 files/);
    expect(out).toMatch(/fix: point SEARCH_DOCS_FOLDER_PATH \(or --docs\) at the folder/);
  });

  it("several sources (--area name=<folder>): each area probed with its own first title", async () => {
    mkdirSync(join(work, "guides"), { recursive: true });
    writeFileSync(join(work, "guides", "install.md"), "# Install guide\n\nInstall it.\n");
    const { code, out } = await runCli(
      [
        "check",
        "--area",
        `runbooks=${join(work, "docs")}`,
        "--area",
        `guides=${join(work, "guides")}`,
      ],
      environment(),
    );
    expect(out).toMatch(
      /✓ folder index +runbooks: .*: 1 files, 2 sections.*\n +guides: .*: 1 files/,
    );
    expect(out).toMatch(
      /area guides, guides\n(.*\n){3}.*✓ probe search answers +1 result\(s\) for "Install guide"/,
    );
    expect(out).toMatch(/✓ probe search answers +\d+ result\(s\) for "Key rotation"/);
    expect(code).toBe(0);
  });

  it("with no backend configured, says so in one line (exit 2)", async () => {
    const { code, err } = await runCli(["check"], environment());
    expect(code).toBe(2);
    expect(err).toMatch(/^check: no backend is configured: set SEARCH_DOCS_BACKEND/);
  });
});
