import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, it } from "vitest";
import { backendContract } from "../testing/backend-contract.js";
import { folderBackend } from "./folder-backend.js";
import { indexFolder } from "./index-folder.js";
import { toMarkdown } from "./to-markdown.js";

// The contract's documents as a docs folder: one `<slug>.md` file per document (its slug is its
// path) in the folder "handbook", indexed, then read through the backend like any other engine.
describe("folderBackend: the backend contract", () => {
  for (const check of backendContract(async (documents) => {
    const work = mkdtempSync(join(tmpdir(), "search-docs-folder-contract-"));
    const root = join(work, "docs");
    mkdirSync(join(root, "handbook"), { recursive: true });
    for (const document of documents) {
      writeFileSync(
        join(root, "handbook", `${document.slug}.md`),
        toMarkdown({
          title: document.title,
          updated: document.updated,
          sections: document.sections,
        }),
      );
    }
    const indexPath = join(work, "index.sqlite");
    await indexFolder({ root, indexPath });
    const backend = folderBackend({ root, indexPath, autoIndex: false });
    return {
      backend,
      collectionId: "handbook",
      // The folder ignores the caller; a realistic token lets the contract check it is never echoed.
      caller: { token: "local-reader-6c1f" },
      documentIds: Object.fromEntries(
        documents.map((document) => [document.key, `${document.slug}.md`]),
      ),
      missingCollectionId: "no-such-folder",
      close: async () => {
        backend.close();
        rmSync(work, { recursive: true, force: true });
      },
    };
  })) {
    it(check.name, check.run);
  }
});
