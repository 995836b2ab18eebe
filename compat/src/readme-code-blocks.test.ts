import { execFile } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { expect, it } from "vitest";
import { excerptMismatch, excerptSource } from "./code-block-excerpt.ts";
import { compatRoot, packageBinary, repositoryRoot } from "./find-executable.ts";

// Every TypeScript block of every README (and of docs/, and of packages/*/docs/) is compiled as its own module under the
// repository's strict settings (noUncheckedIndexedAccess included), against the built packages,
// as a reader pastes it. A block that is a fragment on purpose says so in its fence:
// ```ts no-check. Keep those rare: a reader cannot tell a fragment from a mistake. A block that
// opens with `// <path of a repository file>` is an excerpt of it, checked against the file's text
// (code-block-excerpt.ts): the file's own package compiles it.
const blocksFolder = join(compatRoot, ".readme-blocks");

interface Block {
  /** Where the block's first code line is, e.g. packages/mcp/README.md:131. */
  source: string;
  file: string;
  firstLine: number;
  markdown: string;
}

function markdownFiles(): string[] {
  const inFolder = (folder: string, pick: (name: string) => boolean) =>
    existsSync(join(repositoryRoot, folder))
      ? readdirSync(join(repositoryRoot, folder))
          .filter(pick)
          .map((name) => join(folder, name))
      : [];
  const readmes = (folder: string) =>
    inFolder(folder, () => true)
      .map((directory) => join(directory, "README.md"))
      .filter((path) => existsSync(join(repositoryRoot, path)));
  const docsOf = (folder: string) => inFolder(folder, (name) => name.endsWith(".md"));
  return [
    "README.md",
    ...docsOf("docs"),
    ...readmes("packages"),
    // Each package's docs/ (core's engine guides) are READMEs a reader pastes from too.
    ...inFolder("packages", () => true).flatMap((directory) => docsOf(join(directory, "docs"))),
    ...readmes("examples"),
  ];
}

/** Excerpts whose text is not their file's, as `doc.md:line: not in path: the line`. */
const excerptErrors: string[] = [];

function extractBlocks(): Block[] {
  const blocks: Block[] = [];
  for (const markdown of markdownFiles()) {
    const lines = readFileSync(join(repositoryRoot, markdown), "utf8").split("\n");
    let open: { info: string[]; start: number; indent: string; code: string[] } | undefined;
    lines.forEach((line, index) => {
      // A fence may be indented, inside a list item; its code is indented as much.
      const fence = /^(\s*)```(.*)$/.exec(line);
      if (open === undefined && fence) {
        const info = (fence[2] ?? "").trim().split(/\s+/);
        open = { info, start: index + 2, indent: fence[1] ?? "", code: [] };
      } else if (open !== undefined && fence) {
        const [language] = open.info;
        const excerpt = excerptSource(open.code, repositoryRoot);
        const typescript = ["ts", "typescript", "tsx"].includes(language ?? "");
        if (typescript && excerpt !== undefined) {
          const differs = excerptMismatch(open.code, repositoryRoot, excerpt);
          if (differs !== undefined) {
            excerptErrors.push(`${markdown}:${open.start}: not in ${excerpt}: ${differs}`);
          }
        } else if (typescript && !open.info.includes("no-check")) {
          const slug = markdown.replaceAll(/[^A-Za-z0-9]+/g, "-");
          blocks.push({
            source: `${markdown}:${open.start}`,
            file: `${slug}-${open.start}.${language === "tsx" ? "tsx" : "ts"}`,
            firstLine: open.start,
            markdown,
          });
          // Every block is a module of its own, whether or not it imports anything.
          writeBlock(blocks.at(-1) as Block, `${open.code.join("\n")}\nexport {};\n`);
        }
        open = undefined;
      } else if (open !== undefined) {
        open.code.push(line.startsWith(open.indent) ? line.slice(open.indent.length) : line);
      }
    });
  }
  return blocks;
}

function writeBlock(block: Block, code: string): void {
  writeFileSync(join(blocksFolder, block.file), code);
}

function typecheck(): Promise<string> {
  return new Promise((resolve) => {
    execFile(
      packageBinary("tsc"),
      ["-p", join(blocksFolder, "tsconfig.json"), "--pretty", "false"],
      { cwd: blocksFolder, timeout: 120_000 },
      (_error, stdout, stderr) => resolve(`${stdout}${stderr}`),
    );
  });
}

it("every TypeScript block of the READMEs and docs/ type-checks under the repository's settings", async () => {
  rmSync(blocksFolder, { recursive: true, force: true });
  mkdirSync(blocksFolder);
  writeFileSync(
    join(blocksFolder, "tsconfig.json"),
    JSON.stringify({
      extends: relative(blocksFolder, join(repositoryRoot, "tsconfig.base.json")),
      compilerOptions: {
        noEmit: true,
        jsx: "react-jsx",
        declaration: false,
        declarationMap: false,
      },
      include: ["*.ts", "*.tsx"],
    }),
  );
  const blocks = extractBlocks();
  expect(blocks.length).toBeGreaterThan(10);
  const output = await typecheck();
  // "file.ts(3,7): error TS2304: …" → "packages/x/README.md:133: error TS2304: …"
  const errors = output
    .split("\n")
    .filter((line) => line.includes("error TS"))
    .map((line) => {
      const match = /^(.+?)\((\d+),\d+\): (error TS\d+: .*)$/.exec(line);
      const block = blocks.find((candidate) => candidate.file === match?.[1]);
      if (!match || !block) return line;
      return `${block.markdown}:${block.firstLine + Number(match[2]) - 1}: ${match[3]}`;
    });
  expect(errors).toEqual([]);
  expect(excerptErrors).toEqual([]);
}, 180_000);
