// Writes the sample corpus (src/testing/corpus/sample-corpus.jsonl) as a docs folder of Markdown
// files, one folder per area, for `pnpm demo`, the README's first commands and the MCP examples:
//   node packages/core/scripts/write-sample-docs.ts [target, default examples/docs]
// The output is committed; run this again when the sample corpus changes.
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { toMarkdown } from "../src/folder/to-markdown.ts";
import { loadCorpus } from "../src/testing/load-corpus.ts";

const repository = fileURLToPath(new URL("../../../", import.meta.url));
const target = resolve(process.argv[2] ?? join(repository, "examples", "docs"));
const documents = loadCorpus(new URL("../src/testing/corpus/sample-corpus.jsonl", import.meta.url));

rmSync(target, { recursive: true, force: true });
for (const document of documents) {
  mkdirSync(join(target, document.area), { recursive: true });
  writeFileSync(
    join(target, document.area, `${document.slug}.md`),
    toMarkdown({
      title: document.title,
      updated: document.updated,
      sections: document.sections.map((section) => ({
        heading: section.heading,
        body: section.text,
      })),
    }),
  );
}
process.stdout.write(`wrote ${documents.length} documents under ${target}\n`);
