import { tmpdir } from "node:os";
import { createDocsSearch } from "../create-docs-search.js";
import { folderBackend } from "../folder/folder-backend.js";
import { folderAreas } from "../folder/folder-collections.js";
import { defaultIndexPath } from "../folder/folder-options.js";
import { localCaller } from "../folder/local-caller.js";
import { MemoryRefStore } from "../refs/memory-ref-store.js";
import { startFakeDocsService } from "../testing/start-fake-docs-service.js";
import type { CliIo } from "./cli-io.js";
import { printResult } from "./print-result.js";
import { sampleDocsFolder } from "./sample-docs-folder.js";

/**
 * `pnpm demo`: the five cases a user of the tool should see once, each with what the model sees
 * and what the trace says. A search, nothing found and a document read run on a docs folder in the
 * repository (the sample corpus as Markdown, indexed in process); a reindex and a forbidden
 * collection need a backend that misbehaves on cue, so they run on the embedded fake service.
 */
export async function runDemo(io: Pick<CliIo, "out" | "err">): Promise<number> {
  const root = sampleDocsFolder();
  // The demo's index goes to the temp folder, not the user's cache.
  const backend = folderBackend({
    root,
    indexPath: defaultIndexPath(root, { XDG_CACHE_HOME: tmpdir() }),
  });
  const indexed = await backend.refresh();
  io.err(
    `Searching the docs folder ${root} (${indexed.files} Markdown files, indexed in process in ${indexed.durationMs} ms)\n`,
  );
  const local = createDocsSearch({
    backend,
    areas: folderAreas({ root }),
    refStore: new MemoryRefStore(),
  });
  const onFolder = { caller: localCaller };
  const service = await startFakeDocsService();
  try {
    io.err(
      `Using the embedded fake docs service at ${service.url} for the cases that need a backend misbehaving on cue (nothing leaves this machine)\n`,
    );
    const docs = createDocsSearch({
      baseUrl: service.url,
      areas: service.areas,
      portalUrl: "https://docs.example.internal",
      refStore: new MemoryRefStore(),
    });
    const everyone = { caller: { token: service.tokens.everything } };
    const heading = (index: number, text: string) =>
      io.out(`\n${"━".repeat(78)}\n${index}. ${text}\n${"━".repeat(78)}\n`);

    heading(1, 'A normal search of the docs folder: "how do I rotate a service account key"');
    const normal = await local.search({ query: "how do I rotate a service account key" }, onFolder);
    printResult("search_docs", normal, false, io);
    io.out(
      "   Each ref is a file's path: runbooks/key-rotation#1 is runbooks/key-rotation.md, section 1.\n",
    );

    heading(2, "A search that matches nothing: status no_matches, every area answered no_match");
    printResult(
      "search_docs",
      await local.search({ query: "zeppelin xylophone" }, onFolder),
      false,
      io,
    );

    const runbooks = service.areas.runbooks ?? [];
    for (const id of runbooks) service.setFault(id, { kind: "reindex" });
    const reindexing = await docs.search({ query: "database failover" }, everyone);
    // Told from the trace, not from the policy: the walk stops before a wait that would not fit.
    const conflicts = reindexing.trace.requests.filter((request) => request.status === 409);
    const waited = conflicts.reduce((total, request) => total + request.waitMs, 0);
    heading(
      3,
      `On the fake service, a search while the runbooks are being reindexed (409): ${conflicts.length} attempts and ` +
        `${Math.round(waited).toLocaleString("en-US")} ms of waiting (budget ` +
        `${docs.limits.conflictWaitMs / 1000} s), then unavailable`,
    );
    printResult("search_docs", reindexing, false, io);
    io.out(
      '   The model is told unavailable, never no_matches: it should say "try again shortly".\n',
    );
    for (const id of runbooks) service.setFault(id, undefined);

    heading(
      4,
      "On the fake service, a user who cannot read the policies collection (403): it is left out silently",
    );
    const restricted = { caller: { token: service.tokens.noPolicies } };
    printResult(
      "search_docs",
      await docs.search({ query: "password rotation policy" }, restricted),
      false,
      io,
    );

    const ref = normal.output.results[0]?.ref;
    heading(5, `get_document on the first ref of case 1: ${ref ?? "(none)"}`);
    if (ref) {
      printResult("get_document", await local.getDocument({ ref }, onFolder), false, io);
    }
    return 0;
  } finally {
    await service.close();
    backend.close();
  }
}
