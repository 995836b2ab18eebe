import { createDocsSearch } from "../create-docs-search.js";
import { MemoryRefStore } from "../refs/memory-ref-store.js";
import { startFakeDocsService } from "../testing/index.js";
import type { CliIo } from "./cli-io.js";
import { printResult } from "./print-result.js";

/**
 * `pnpm demo`: the five cases a user of the tool should see once, against the embedded fake
 * service, each with what the model sees and what the trace says.
 */
export async function runDemo(io: Pick<CliIo, "out" | "err">): Promise<number> {
  const service = await startFakeDocsService();
  try {
    io.err(
      `Using the embedded fake docs service at ${service.url} (sample corpus, nothing leaves this machine)\n`,
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

    heading(1, 'A normal search: "how do I rotate a service account key"');
    const normal = await docs.search({ query: "how do I rotate a service account key" }, everyone);
    printResult("search_docs", normal, false, io);

    heading(2, "A search that matches nothing: status no_matches, every collection answered 404");
    printResult(
      "search_docs",
      await docs.search({ query: "zeppelin xylophone" }, everyone),
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
      `A search while the runbooks are being reindexed (409): ${conflicts.length} attempts and ` +
        `${Math.round(waited).toLocaleString("en-US")} ms of waiting (budget ` +
        `${docs.limits.conflictWaitMs / 1000} s), then unavailable`,
    );
    printResult("search_docs", reindexing, false, io);
    io.out(
      '   The model is told unavailable, never no_matches: it should say "try again shortly".\n',
    );
    for (const id of runbooks) service.setFault(id, undefined);

    heading(4, "A user who cannot read the policies collection (403): it is left out silently");
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
      printResult("get_document", await docs.getDocument({ ref }, everyone), false, io);
      io.out(`   Portal link for people: ${docs.refUrl(ref)}\n`);
    }
    return 0;
  } finally {
    await service.close();
  }
}
