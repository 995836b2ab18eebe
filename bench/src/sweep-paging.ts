import type { DocsSearchOptions } from "@search-docs/core";
import { mean } from "@search-docs/measure";
import type { CapturedSet } from "./capture-set.ts";
import { createDocsSearchArm } from "./docs-search-arm.ts";
import { requestsPerCollection } from "./physical-floor.ts";
import { scoreAnswers } from "./score-answers.ts";

export interface PagingRow {
  label: string;
  sets: Array<{
    set: string;
    recallAt8: number;
    sectionRecallAt8: number;
    mrrAt8: number;
    requestsPerCollection: number;
  }>;
}

/**
 * Each paging setting through the real client (default reranker), on the captured sets' replayed
 * answers: what the stop costs in answers and saves in requests, beside every page and one page.
 */
export async function sweepPaging(
  captured: readonly CapturedSet[],
  tailItems: readonly number[],
): Promise<PagingRow[]> {
  const settings: Array<{
    label: string;
    configure: DocsSearchOptions["paging"] & object;
    limits?: object;
  }> = [
    { label: "every page", configure: { mode: "exhaustive" } },
    ...tailItems.map((tail) => ({ label: `tail ${tail}`, configure: { tailItems: tail } })),
    { label: "one page", configure: { mode: "exhaustive" }, limits: { maxUpstreamPages: 1 } },
  ];
  const rows: PagingRow[] = [];
  for (const setting of settings) {
    const row: PagingRow = { label: setting.label, sets: [] };
    for (const set of captured) {
      const arm = createDocsSearchArm({
        ...set.arms,
        configure: {
          ...(set.arms.fetch === undefined ? {} : { fetch: set.arms.fetch }),
          paging: setting.configure,
          ...(setting.limits === undefined ? {} : { limits: setting.limits }),
        },
      });
      const answers = [];
      const perCollection: number[] = [];
      for (const query of set.queries) {
        const record = await arm({ query: query.query, area: query.area });
        answers.push({ query, targets: record.targets, status: record.status });
        perCollection.push(...requestsPerCollection(record.searchedCollections, record.requests));
      }
      const scores = scoreAnswers(answers);
      row.sets.push({
        set: `${set.set.name}@${set.ranking.k1}/${set.ranking.b}`,
        recallAt8: scores.recallAt8,
        sectionRecallAt8: scores.sectionRecallAt8,
        mrrAt8: scores.mrrAt8,
        requestsPerCollection: mean(perCollection),
      });
    }
    rows.push(row);
  }
  return rows;
}
