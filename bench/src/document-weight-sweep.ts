// `node bench/src/document-weight-sweep.ts` (about a minute): the default reranker's document
// weight (rerankerFor, issue 31), offline on every set, each served by the fake docs service's
// first stage (a section's text alone, BM25 1.2 / 0.75) and by the held-out evaluation's (0.9 /
// 0.4), on the first page of each collection (what search-docs reads: 1.00 page per collection).
// recall@8 / MRR@8, document level. The weight was chosen on the dev set at 1.2 / 0.75 only; the
// other rows are reported, not tuned on. A benchmark that prints figures, not a test.
import { type RerankCandidate, UpstreamFusionReranker } from "@search-docs/core";
import { availableSets } from "./bench-sets.ts";
import { captureSet } from "./capture-set.ts";
import { scoreOffline } from "./score-offline.ts";

const weights = [0, 0.05, 0.1, 0.15, 0.2];
const firstPage = 20;
const rankings = [
  { k1: 1.2, b: 0.75 },
  { k1: 0.9, b: 0.4 },
];
const lines = [
  `| set | first stage | ${weights.map((weight) => `weight ${weight}`).join(" | ")} |`,
  `| --- | --- | ${weights.map(() => "---:").join(" | ")} |`,
];
for (const set of availableSets()) {
  for (const ranking of rankings) {
    const captured = await captureSet(set, ranking);
    const onFirstPage = new Map(
      [...captured.candidates].map(([id, candidates]) => [
        id,
        candidates.filter((candidate: RerankCandidate) => candidate.upstreamRank < firstPage),
      ]),
    );
    const cells = weights.map((documentWeight) => {
      const reranker = new UpstreamFusionReranker({ documentWeight });
      const scores = scoreOffline({ ...captured, candidates: onFirstPage }, reranker, {
        perDocument: 4,
      });
      return `${scores.recallAt8.toFixed(3)} / ${scores.mrrAt8.toFixed(3)}`;
    });
    lines.push(`| ${set.name} | BM25 ${ranking.k1} / ${ranking.b} | ${cells.join(" | ")} |`);
    await captured.close();
  }
}
console.log(lines.join("\n"));
