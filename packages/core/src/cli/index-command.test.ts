import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { runIndexCommand } from "./index-command.js";

let work: string;

beforeEach(() => {
  work = mkdtempSync(join(tmpdir(), "search-docs-index-command-"));
  mkdirSync(join(work, "docs", "guides"), { recursive: true });
  writeFileSync(
    join(work, "docs", "guides", "install.md"),
    "# Install\n\nRun it.\n\n## Check\n\nDone.\n",
  );
  writeFileSync(join(work, "docs", "guides", "logo.md"), Buffer.from([0x00, 0x01]));
});

afterEach(() => rmSync(work, { recursive: true, force: true }));

function io(progress: boolean) {
  const output = { out: "", err: "" };
  return {
    output,
    io: {
      out: (text: string) => {
        output.out += text;
      },
      err: (text: string) => {
        output.err += text;
      },
      // The default index path is under XDG_CACHE_HOME: keep it in the test's folder.
      environment: { XDG_CACHE_HOME: join(work, "cache") },
      progress,
    },
  };
}

describe("search-docs index <folder>", () => {
  it("prints files, sections, skipped by reason and time, and indexes under the cache folder", async () => {
    const { output, io: commandIo } = io(false);
    expect(await runIndexCommand(join(work, "docs"), { json: false }, commandIo)).toBe(0);
    expect(output.out).toMatch(/files {5}1 \(1 read, 0 unchanged, 0 removed\)/);
    expect(output.out).toMatch(/sections {2}2/);
    expect(output.out).toMatch(/skipped {3}1: binary 1/);
    expect(output.out).toContain(join(work, "cache", "search-docs"));
    expect(output.err).toBe("");
    const again = io(true);
    await runIndexCommand(join(work, "docs"), { json: true }, again.io);
    expect(JSON.parse(again.output.out)).toMatchObject({ files: 1, unchanged: 1, swapped: false });
  });

  it("refuses a folder that is not one with a ConfigurationError", async () => {
    await expect(
      runIndexCommand(join(work, "nowhere"), { json: false }, io(false).io),
    ).rejects.toThrow(/does not exist/);
  });
});
