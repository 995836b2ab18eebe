import { createDocsSearch, MemoryRefStore } from "@search-docs/core";
import { type AnswerFigures, evaluateRetrieval } from "@search-docs/core/eval";
import { startFakeDocsService } from "@search-docs/core/testing";
import { describe, expect, it } from "vitest";
import { availableSets } from "./bench-sets.ts";
import { createArms } from "./create-arms.ts";
import { evalQueryLines } from "./eval-query-lines.ts";
import { loadBenchCorpus } from "./load-bench-corpus.ts";
import { loadQueries } from "./load-queries.ts";
import { runInterleaved } from "./run-interleaved.ts";
import { summarizeArm } from "./summarize-arm.ts";

type Quality = Pick<AnswerFigures, "recallAt8" | "mrrAt8" | "sectionRecallAt8" | "sectionMrrAt8">;

// `search-docs eval` and bench score with the same functions (core's eval): on the project's own
// sets, run through the same client settings on the same service, every quality figure is equal,
// to the last digit (toBe, not toBeCloseTo).
describe.each(availableSets())("eval on the $name set", (set) => {
  it("gives exactly bench's recall, MRR and section figures, per kind and for no-answer questions", async () => {
    const queries = loadQueries(set.queries, loadBenchCorpus(set.corpus));
    const service = await startFakeDocsService({
      ...(set.corpus === undefined ? {} : { corpus: set.corpus }),
      collectionsPerArea: set.collectionsPerArea,
    });
    try {
      const headers = { authorization: `Bearer ${service.tokens.everything}` };
      const arms = createArms({ baseUrl: service.url, areas: service.areas, headers });
      const bench = summarizeArm(
        (await runInterleaved({ "search-docs": arms["search-docs"] }, queries, { concurrency: 4 }))[
          "search-docs"
        ],
      );
      const refStore = new MemoryRefStore({ maxEntries: 1_000_000 });
      const docs = createDocsSearch({ baseUrl: service.url, areas: service.areas, refStore });
      const report = await evaluateRetrieval(docs, evalQueryLines(queries), {
        caller: { headers },
        refStore,
        concurrency: 4,
      });
      expect(report.overall.unavailable.calls).toBe(0);
      const figures = ({ recallAt8, mrrAt8, sectionRecallAt8, sectionMrrAt8 }: Quality) => ({
        recallAt8,
        mrrAt8,
        sectionRecallAt8,
        sectionMrrAt8,
      });
      expect(figures(report.overall)).toStrictEqual(figures(bench));
      for (const [kind, scores] of Object.entries(bench.byKind)) {
        const tagged = kind === "all" ? report.overall : report.byTag[kind];
        expect({ kind, ...figures(tagged as Quality) }).toStrictEqual({
          kind,
          ...figures(scores),
        });
      }
      expect({
        queries: report.overall.noAnswer.queries,
        noMatches: report.overall.noAnswer.noMatches,
      }).toStrictEqual(bench.noAnswer);
    } finally {
      await service.close();
    }
  }, 240_000);
});
