import { execFileSync } from "node:child_process";
import {
  appendFileSync,
  chmodSync,
  closeSync,
  existsSync,
  ftruncateSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  rmSync,
  statSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { indexFolder } from "./index-folder.js";

// Hostile folders, generated in a temp dir per test (never committed): whatever a folder holds,
// indexing ends, skips what it cannot use, counts it by reason, and never throws.
let work: string;
let root: string;
let indexPath: string;

beforeEach(() => {
  work = mkdtempSync(join(tmpdir(), "search-docs-hostile-"));
  root = join(work, "docs");
  indexPath = join(work, "cache", "index.sqlite");
  mkdirSync(join(root, "guides"), { recursive: true });
  writeFileSync(join(root, "guides", "install.md"), "# Install\n\nRun the installer.\n");
});

afterEach(() => {
  rmSync(work, { recursive: true, force: true });
}, 60_000);

function paths(): string[] {
  const database = new DatabaseSync(indexPath, { readOnly: true });
  try {
    return (
      database.prepare("SELECT path FROM files ORDER BY path").all() as { path: string }[]
    ).map((row) => row.path);
  } finally {
    database.close();
  }
}

describe("indexFolder on hostile folders", () => {
  it("never follows a symlink out of the root", async () => {
    const outside = join(work, "secrets");
    mkdirSync(outside);
    writeFileSync(join(outside, "password.md"), "# Secret\n\nhunter2\n");
    symlinkSync(outside, join(root, "guides", "escape"));
    symlinkSync(join(outside, "password.md"), join(root, "leak.md"));
    symlinkSync("/etc", join(root, "etc"));
    const summary = await indexFolder({ root, indexPath });
    expect(summary.skipped.symlink_outside_root).toBe(3);
    expect(paths()).toEqual(["guides/install.md"]);
  });

  it("ends symlink loops and indexes a file reached twice once, at its real path", async () => {
    symlinkSync(root, join(root, "guides", "loop"));
    symlinkSync("../guides", join(root, "guides", "again"));
    symlinkSync("install.md", join(root, "guides", "alias.md"));
    symlinkSync("self", join(root, "self"));
    const summary = await indexFolder({ root, indexPath });
    expect(paths()).toEqual(["guides/install.md"]);
    expect(summary.skipped.symlink_loop).toBe(3);
    expect(summary.skipped.duplicate).toBe(1);
  });

  it("skips binary files, too large (sparse 200 MB) files, and FIFOs without reading them whole", async () => {
    writeFileSync(join(root, "image.md"), Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0x01]));
    const huge = openSync(join(root, "huge.md"), "w");
    ftruncateSync(huge, 200 * 1024 * 1024);
    closeSync(huge);
    writeFileSync(join(root, "big.txt"), "x".repeat(4096));
    execFileSync("mkfifo", [join(root, "pipe.md")]);
    const started = performance.now();
    const summary = await indexFolder({ root, indexPath, maxFileBytes: 1024 });
    expect(performance.now() - started).toBeLessThan(5000);
    expect(summary.skipped).toMatchObject({ binary: 1, too_large: 2, not_a_file: 1 });
    expect(paths()).toEqual(["guides/install.md"]);
  });

  it("indexes invalid UTF-8 with replacement characters and counts it", async () => {
    writeFileSync(
      join(root, "latin1.md"),
      Buffer.concat([Buffer.from("# Caf"), Buffer.from([0xe9]), Buffer.from("\n\nbody\n")]),
    );
    const summary = await indexFolder({ root, indexPath });
    expect(summary.invalidUtf8).toBe(1);
    const database = new DatabaseSync(indexPath, { readOnly: true });
    const { title } = database
      .prepare("SELECT title FROM files WHERE path = 'latin1.md'")
      .get() as { title: string };
    database.close();
    expect(title).toBe("Caf\uFFFD");
  });

  it("bounds the depth of nested folders", async () => {
    let folder = root;
    for (let depth = 1; depth <= 50; depth++) {
      folder = join(folder, `d${depth}`);
      mkdirSync(folder);
      writeFileSync(join(folder, "page.md"), `# Depth ${depth}\n`);
    }
    const summary = await indexFolder({ root, indexPath, maxDepth: 10 });
    expect(summary.skipped.too_deep).toBe(1);
    expect(summary.files).toBe(1 + 10);
  });

  it("bounds the number of files, counting the rest", async () => {
    for (let index = 0; index < 30; index++)
      writeFileSync(join(root, `f${index}.txt`), `file ${index}`);
    const summary = await indexFolder({ root, indexPath, maxFiles: 10 });
    expect(summary.files).toBe(10);
    expect(summary.skipped.too_many_files).toBe(21);
  });

  it("survives files changing and vanishing while it runs, and catches up on the next run", async () => {
    for (let index = 0; index < 400; index++)
      writeFileSync(join(root, `f${index}.md`), `# File ${index}\n\nfirst\n`);
    let changes = 0;
    const summary = await indexFolder(
      { root, indexPath },
      {
        onProgress: () => {
          // Between batches: rewrite, grow and delete files the walk has not reached yet.
          for (let index = 0; index < 40; index++) {
            const path = join(root, `f${399 - changes * 40 - index}.md`);
            if (index % 2 === 0) rmSync(path, { force: true });
            else appendFileSync(path, "more text\n".repeat(20));
          }
          changes++;
        },
      },
    );
    expect(changes).toBeGreaterThan(0);
    expect(summary.files).toBeGreaterThan(0);
    const second = await indexFolder({ root, indexPath });
    expect(second.files).toBe(paths().length);
    // Every file still on disk is in the index, and nothing else.
    const third = await indexFolder({ root, indexPath });
    expect(third.indexed).toBe(0);
    expect(third.swapped).toBe(false);
  });

  it("reindexes only what changed (by mtime and size) and drops removed files", async () => {
    writeFileSync(join(root, "a.md"), "# A\n\nalpha\n");
    writeFileSync(join(root, "b.md"), "# B\n\nbeta\n");
    const first = await indexFolder({ root, indexPath });
    expect(first).toMatchObject({ files: 3, indexed: 3, unchanged: 0, swapped: true });
    writeFileSync(join(root, "a.md"), "# A\n\nalpha changed\n");
    utimesSync(join(root, "a.md"), new Date(), new Date(Date.now() + 5000));
    rmSync(join(root, "b.md"));
    const second = await indexFolder({ root, indexPath });
    expect(second).toMatchObject({ files: 2, indexed: 1, unchanged: 1, removed: 1, swapped: true });
    // A file skipped when read is remembered: an unchanged folder leaves the index untouched.
    writeFileSync(join(root, "logo.md"), Buffer.from([0x00, 0x01]));
    expect(await indexFolder({ root, indexPath })).toMatchObject({
      swapped: true,
      skipped: { binary: 1 },
    });
    const before = statSync(indexPath).mtimeMs;
    const third = await indexFolder({ root, indexPath });
    expect(third).toMatchObject({
      files: 2,
      indexed: 0,
      unchanged: 2,
      swapped: false,
      skipped: { binary: 1 },
    });
    expect(statSync(indexPath).mtimeMs).toBe(before);
    // ctime moves with chmod: a file skipped when read is tried again after one.
    chmodSync(join(root, "logo.md"), 0o600);
    expect(await indexFolder({ root, indexPath })).toMatchObject({
      swapped: true,
      skipped: { binary: 1 },
    });
  });

  it("removes temporary copies a killed run left behind, once they are old", async () => {
    mkdirSync(join(work, "cache"));
    const abandoned = `${indexPath}.12345.deadbeef.tmp`;
    const recent = `${indexPath}.12346.cafebabe.tmp`;
    writeFileSync(abandoned, "half an index");
    writeFileSync(recent, "a run in progress");
    const old = new Date(Date.now() - 2 * 60 * 60 * 1000);
    utimesSync(abandoned, old, old);
    await indexFolder({ root, indexPath });
    expect(existsSync(abandoned)).toBe(false);
    expect(existsSync(recent)).toBe(true);
  });

  it("rebuilds over a corrupt index file instead of failing", async () => {
    mkdirSync(join(work, "cache"));
    writeFileSync(indexPath, "this is not a database".repeat(100));
    const summary = await indexFolder({ root, indexPath });
    expect(summary.rebuiltBecause).toBe("previous index unreadable");
    expect(paths()).toEqual(["guides/install.md"]);
  });

  it("indexes 20,000 files in bounded time", async () => {
    for (let folder = 0; folder < 100; folder++) {
      const path = join(root, `area${folder % 5}`, `part${folder}`);
      mkdirSync(path, { recursive: true });
      for (let file = 0; file < 200; file++) {
        writeFileSync(
          join(path, `page${file}.md`),
          `# Page ${folder}-${file}\n\nSome text about topic ${file}.\n\n## More\n\nDetails ${folder}.\n`,
        );
      }
    }
    const summary = await indexFolder({ root, indexPath });
    expect(summary.files).toBe(20_001);
    expect(summary.sections).toBe(40_001);
  }, 120_000);
});
