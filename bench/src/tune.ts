// `node bench/src/tune.ts`: chooses the default reranker's weights by leave-one-set-out
// cross-validation over the three sets (bench-sets.ts), measures the per-collection scale, the
// per-document cap and the paging stop, prints every table and writes bench/results/tuning.json.
import { writeFileSync } from "node:fs";
import {
  defaultLimits,
  defaultUpstreamFusionOptions,
  type UpstreamFusionOptions,
  UpstreamFusionReranker,
} from "@search-docs/core";
import { availableSets, type BenchSet } from "./bench-sets.ts";
import { type CapturedSet, captureSet } from "./capture-set.ts";
import type { AnswerFigures, AnswerScores } from "./score-answers.ts";
import { scoreOffline } from "./score-offline.ts";
import { sweepPaging } from "./sweep-paging.ts";
import { upstreamScoreReranker } from "./upstream-score-reranker.ts";

// The grid of the two weights; k1 and b are checked around the choice.
const lexicalWeights = [0, 0.1, 0.2, 0.3, 0.5, 0.75, 1];
const titleWeights = [0, 0.1, 0.2, 0.3, 0.5, 0.75, 1, 1.5];
const perDocumentDefault = defaultLimits.sectionsPerDocument;
/**
 * The shipped defaults are chosen on these sets; the third is reported as never tuned on. The dev
 * set is written like the held-out evaluation (paraphrases, keywords, pasted strings), so it is
 * tuned on; the shared-corpus set, ours, is left out. Each set's out-of-sample figure also comes
 * from the fold that leaves it out.
 */
const finalTuningSets: readonly BenchSet["name"][] = ["project", "dev"];

type Point = { lexicalWeight: number; titleWeight: number };
const key = ({ lexicalWeight, titleWeight }: Point) => `${lexicalWeight}/${titleWeight}`;
const objective = (scores: AnswerFigures) => scores.recallAt8 + scores.mrrAt8;

const sets = availableSets();
if (sets.length < 3) {
  process.stderr.write(
    `tune: only ${sets.map((set) => set.name).join(", ")} found; cross-validation needs ../shared\n`,
  );
}
// Each set is served by two first stages: the fake service's textbook BM25, and the one the
// held-out evaluation runs (k1 0.9, b 0.4). A choice has to hold under both.
const rankings = [
  { k1: 1.2, b: 0.75 },
  { k1: 0.9, b: 0.4 },
];
const viewName = (set: CapturedSet) =>
  set.ranking.k1 === 1.2 && set.ranking.b === 0.75
    ? set.set.name
    : `${set.set.name}@${set.ranking.k1}/${set.ranking.b}`;
const captured: CapturedSet[] = [];
for (const set of sets) {
  for (const ranking of rankings) {
    process.stderr.write(
      `[tune] capturing ${set.name} (${set.description}), BM25 ${ranking.k1}/${ranking.b}\n`,
    );
    captured.push(await captureSet(set, ranking));
  }
}
const views = captured.map(viewName);
const viewsOf = (setNames: readonly string[]) =>
  captured.filter((set) => setNames.includes(set.set.name)).map(viewName);

// 1. Every grid point on every set, offline.
const points: Point[] = lexicalWeights.flatMap((lexicalWeight) =>
  titleWeights.map((titleWeight) => ({ lexicalWeight, titleWeight })),
);
const scores = new Map<string, Map<string, AnswerScores>>();
for (const point of points) {
  const reranker = new UpstreamFusionReranker(point);
  scores.set(
    key(point),
    new Map(
      captured.map((set) => [
        viewName(set),
        scoreOffline(set, reranker, { perDocument: perDocumentDefault }),
      ]),
    ),
  );
}
const at = (point: Point, set: string) => scores.get(key(point))?.get(set) as AnswerScores;

const upstream = Object.fromEntries(
  captured.map((set) => [
    viewName(set),
    scoreOffline(set, upstreamScoreReranker, { perDocument: perDocumentDefault }),
  ]),
);

// What a point gains over the upstream order on one view: recall@8 + MRR@8, its own and its grid
// neighbours' averaged (a plateau, not a peak one query wide), minus the upstream order's.
function gain(point: Point, view: string): number {
  const li = lexicalWeights.indexOf(point.lexicalWeight);
  const ti = titleWeights.indexOf(point.titleWeight);
  const values: number[] = [];
  for (let l = li - 1; l <= li + 1; l++) {
    for (let t = ti - 1; t <= ti + 1; t++) {
      const lexicalWeight = lexicalWeights[l];
      const titleWeight = titleWeights[t];
      if (lexicalWeight === undefined || titleWeight === undefined) continue;
      values.push(objective(at({ lexicalWeight, titleWeight }, view)));
    }
  }
  const base = objective(upstream[view] as AnswerScores);
  return values.reduce((total, value) => total + value, 0) / values.length - base;
}
// Among the points that lose no recall@8 to the upstream order on any tuning view (the baseline is
// the bar to beat on every set), the one whose smallest gain is largest: weights that hold on
// every set beat weights that win big on one (the project's sets reward titles far more than the
// dev set). Without such a point, the plain maximin.
const choose = (on: readonly string[]) => {
  const worst = (point: Point) => Math.min(...on.map((view) => gain(point, view)));
  const keepsRecall = (point: Point) =>
    on.every(
      (view) => at(point, view).recallAt8 >= (upstream[view] as AnswerScores).recallAt8 - 1e-9,
    );
  const feasible = points.filter(keepsRecall);
  return (feasible.length > 0 ? feasible : points).reduce((best, point) =>
    worst(point) > worst(best) ? point : best,
  );
};

const names = sets.map((set) => set.name);
const figures = (value: AnswerFigures) =>
  `${value.recallAt8.toFixed(3)} / ${value.mrrAt8.toFixed(3)} (section ${value.sectionRecallAt8.toFixed(3)} / ${value.sectionMrrAt8.toFixed(3)})`;
// 2. Leave one set out: choose on the others, report the one left out, per kind.
const folds = names.flatMap((heldOutSet) => {
  const tunedOn = names.filter((name) => name !== heldOutSet);
  const chosen = choose(viewsOf(tunedOn));
  return viewsOf([heldOutSet]).map((heldOut) => ({
    heldOut,
    tunedOn,
    chosen,
    scores: at(chosen, heldOut),
    upstream: upstream[heldOut] as AnswerScores,
  }));
});
console.log("Leave one set out (recall@8 / MRR@8, document level; section level in brackets):");
for (const fold of folds) {
  console.log(
    `  tuned on ${fold.tunedOn.join(" + ")} -> lexical ${fold.chosen.lexicalWeight}, title ${fold.chosen.titleWeight}; ${fold.heldOut}: ${figures(fold.scores)}; upstream order ${figures(fold.upstream)}`,
  );
  for (const [kind, value] of Object.entries(fold.scores.byKind)) {
    const base = fold.upstream.byKind[kind];
    console.log(`    ${kind.padEnd(10)} ${figures(value)}  upstream ${base ? figures(base) : "-"}`);
  }
}

// 3. The shipped choice, on the final tuning sets.
const finalOn = finalTuningSets.filter((name) => names.includes(name));
const final = choose(viewsOf(finalOn));
const defaults = {
  lexicalWeight: defaultUpstreamFusionOptions.lexicalWeight,
  titleWeight: defaultUpstreamFusionOptions.titleWeight,
};
console.log(
  `\nChosen on ${finalOn.join(" + ")}: lexical ${final.lexicalWeight}, title ${final.titleWeight} (defaults: ${defaults.lexicalWeight}, ${defaults.titleWeight})`,
);
for (const name of views) console.log(`  ${name.padEnd(22)} ${figures(at(final, name))}`);

console.log("\nLandscape, recall@8 + MRR@8 per set (rows lexical weight, columns title weight):");
for (const name of views) {
  console.log(`  ${name}: ${titleWeights.join("  ")}`);
  for (const lexicalWeight of lexicalWeights) {
    const row = titleWeights.map((titleWeight) =>
      objective(at({ lexicalWeight, titleWeight }, name)).toFixed(3),
    );
    console.log(`    ${String(lexicalWeight).padEnd(5)} ${row.join(" ")}`);
  }
}

// 4. k1 and b around the choice, the scale of upstream scores, and the per-document cap.
const variants: Array<{ label: string; options: Partial<UpstreamFusionOptions> }> = [
  { label: "k1 0.9, b 0.4", options: { ...final, k1: 0.9, b: 0.4 } },
  { label: "k1 1.2, b 0.75", options: { ...final, k1: 1.2, b: 0.75 } },
  { label: "k1 2.0, b 0.9", options: { ...final, k1: 2, b: 0.9 } },
];
const sensitivity = variants.map(({ label, options }) => ({
  label,
  figures: Object.fromEntries(
    captured.map((set) => [
      viewName(set),
      scoreOffline(set, new UpstreamFusionReranker(options), { perDocument: perDocumentDefault }),
    ]),
  ),
}));
const scales = (["call", "collection"] as const).map((scale) => ({
  scale,
  fused: Object.fromEntries(
    captured.map((set) => [
      viewName(set),
      scoreOffline(set, new UpstreamFusionReranker(final), {
        perDocument: perDocumentDefault,
        scale,
      }),
    ]),
  ),
  upstreamOrder: Object.fromEntries(
    captured.map((set) => [
      viewName(set),
      scoreOffline(set, upstreamScoreReranker, { perDocument: perDocumentDefault, scale }),
    ]),
  ),
}));
const caps = [1, 2, 3, 4, 8].map((perDocument) => ({
  perDocument,
  figures: Object.fromEntries(
    captured.map((set) => [
      viewName(set),
      scoreOffline(set, new UpstreamFusionReranker(final), { perDocument }),
    ]),
  ),
}));
console.log("\nk1 and b at the choice:");
for (const row of sensitivity) {
  console.log(
    `  ${row.label.padEnd(15)} ${views.map((name) => `${name} ${figures(row.figures[name] as AnswerScores)}`).join("  ")}`,
  );
}
console.log("\nUpstream scores on one scale per call, or divided by each collection's best:");
for (const row of scales) {
  console.log(
    `  ${row.scale.padEnd(10)} fused: ${views.map((name) => `${name} ${figures(row.fused[name] as AnswerScores)}`).join("  ")}`,
  );
  console.log(
    `  ${"".padEnd(10)} upstream order: ${views.map((name) => `${name} ${figures(row.upstreamOrder[name] as AnswerScores)}`).join("  ")}`,
  );
}
console.log("\nAt most N sections of one document among the 8:");
for (const row of caps) {
  console.log(
    `  N=${row.perDocument} ${views.map((name) => `${name} ${figures(row.figures[name] as AnswerScores)}`).join("  ")}`,
  );
}

// 5. The paging stop, through the real client on replayed answers.
console.log("\nPaging (tail items: recall@8 / MRR@8, requests per searched collection):");
const paging = await sweepPaging(captured, [0, 3, 5, 8, 10]);
for (const row of paging) {
  console.log(
    `  ${row.label.padEnd(12)} ${row.sets.map((set) => `${set.set} ${set.recallAt8.toFixed(3)} / ${set.mrrAt8.toFixed(3)} at ${set.requestsPerCollection.toFixed(2)}`).join("  ")}`,
  );
}

for (const set of captured) await set.close();
const round = (value: number) => Math.round(value * 10_000) / 10_000;
const compact = (value: AnswerFigures) => ({
  queries: value.queries,
  recallAt8: round(value.recallAt8),
  sectionRecallAt8: round(value.sectionRecallAt8),
  mrrAt8: round(value.mrrAt8),
  sectionMrrAt8: round(value.sectionMrrAt8),
});
const withKinds = (value: AnswerScores) => ({
  ...compact(value),
  byKind: Object.fromEntries(
    Object.entries(value.byKind).map(([kind, figure]) => [kind, compact(figure)]),
  ),
});
writeFileSync(
  new URL("../results/tuning.json", import.meta.url),
  `${JSON.stringify(
    {
      date: new Date().toISOString(),
      sets: captured.map(({ set, queries, ranking }) => ({
        name: viewName({ set, ranking } as CapturedSet),
        firstStage: ranking,
        description: set.description,
        queries: queries.length,
        collectionsPerArea: set.collectionsPerArea,
      })),
      objective:
        "max over points of the min over tuning views of (recall@8 + MRR@8, averaged over the point and its grid neighbours) minus the upstream order's",
      folds: folds.map((fold) => ({
        heldOut: fold.heldOut,
        tunedOn: fold.tunedOn,
        chosen: fold.chosen,
        heldOutScores: withKinds(fold.scores),
        upstreamOrder: withKinds(fold.upstream as AnswerScores),
      })),
      final: {
        tunedOn: finalOn,
        chosen: final,
        scores: Object.fromEntries(views.map((name) => [name, withKinds(at(final, name))])),
      },
      sensitivity: sensitivity.map((row) => ({
        label: row.label,
        figures: Object.fromEntries(
          Object.entries(row.figures).map(([name, value]) => [name, compact(value)]),
        ),
      })),
      scales: scales.map((row) => ({
        scale: row.scale,
        fused: Object.fromEntries(
          Object.entries(row.fused).map(([name, value]) => [name, compact(value)]),
        ),
        upstreamOrder: Object.fromEntries(
          Object.entries(row.upstreamOrder).map(([name, value]) => [name, compact(value)]),
        ),
      })),
      perDocument: caps.map((row) => ({
        perDocument: row.perDocument,
        figures: Object.fromEntries(
          Object.entries(row.figures).map(([name, value]) => [name, compact(value)]),
        ),
      })),
      paging,
      grid: points.map((point) => ({
        ...point,
        figures: Object.fromEntries(views.map((name) => [name, compact(at(point, name))])),
      })),
    },
    null,
    2,
  )}\n`,
);
