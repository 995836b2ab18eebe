import { existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { toMarkdown } from "../folder/to-markdown.js";
import { loadCorpus } from "../testing/load-corpus.js";

/**
 * The sample docs folder `pnpm demo` searches: `examples/docs` in a clone of the repository, or,
 * where the package was installed without it, the sample corpus written out once to the temp folder.
 */
export function sampleDocsFolder(): string {
  const inRepository = fileURLToPath(new URL("../../../../examples/docs", import.meta.url));
  if (existsSync(inRepository)) return inRepository;
  const target = join(tmpdir(), "search-docs-sample-docs");
  if (!existsSync(target)) {
    // Written aside and renamed: two demos starting at once never read half a folder.
    const aside = `${target}.${process.pid}`;
    writeSampleDocs(aside);
    try {
      renameSync(aside, target);
    } catch {
      rmSync(aside, { recursive: true, force: true });
    }
  }
  return target;
}

/** The sample corpus as Markdown files, `<area>/<slug>.md`; returns how many were written. */
export function writeSampleDocs(target: string): number {
  const documents = loadCorpus(new URL("../testing/corpus/sample-corpus.jsonl", import.meta.url));
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
  return documents.length;
}
