// Writes the sample corpus (src/testing/corpus/sample-corpus.jsonl) as a docs folder of Markdown
// files, one folder per area, for `pnpm demo`, the README's first commands and the MCP examples:
//   node --import ./packages/core/src/__fixtures__/resolve-ts-hooks.mjs \
//     packages/core/scripts/write-sample-docs.ts [target, default examples/docs]
// The output is committed; run this again when the sample corpus changes.
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { writeSampleDocs } from "../src/cli/sample-docs-folder.ts";

const repository = fileURLToPath(new URL("../../../", import.meta.url));
const target = resolve(process.argv[2] ?? join(repository, "examples", "docs"));
const written = writeSampleDocs(target);
process.stdout.write(`wrote ${written} documents under ${target}\n`);
