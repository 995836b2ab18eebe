// @search-docs/core/eval: measure retrieval on your own docs, on any backend (DESIGN §1's contract).

export { EvalQueryError } from "../errors/eval-query-error.js";
export { type AnswerFigures, answerFigures } from "./answer-figures.js";
export { escapeXml, formatTick, formatValue, niceCeiling } from "./chart-axis.js";
export { checkGates, type RetrievalGates } from "./check-gates.js";
export {
  compareRetrieval,
  type EvalProgress,
  type EvalQueries,
  type EvalSetup,
  type EvaluatedSearch,
  type EvaluateRunOptions,
} from "./compare-retrieval.js";
export {
  type BaselineComparison,
  compareToBaseline,
  type QueryChange,
} from "./compare-to-baseline.js";
export { type DraftSource, draftQueries, draftQuestion } from "./draft-queries.js";
export {
  draftedMarker,
  type EvalQuery,
  type EvalQueryInput,
  type EvalQuerySet,
} from "./eval-query.js";
export { type EvaluateRetrievalOptions, evaluateRetrieval } from "./evaluate-retrieval.js";
export {
  answersExpectation,
  type Expectation,
  type MatchLevel,
  parseExpectation,
  type ResultIdentity,
} from "./expectation.js";
export { formatProgress } from "./format-progress.js";
export { type JudgedAnswer, judgeAnswer } from "./judge-answer.js";
export { parseEvalQueries } from "./parse-eval-queries.js";
export { mean, percentile } from "./percentile.js";
export { outcomePassed, type QueryOutcome } from "./query-outcome.js";
export { type Answers, ndcgAt, ranking, recallAt, reciprocalRankAt } from "./ranking-metrics.js";
export { renderAreaChart } from "./render-area-chart.js";
export { renderRetrievalMarkdown } from "./render-retrieval-markdown.js";
export { draftedBanner, renderRetrievalTable } from "./render-retrieval-table.js";
export { type RetrievalFigures, retrievalFigures } from "./retrieval-figures.js";
export {
  everyArea,
  type RetrievalMiss,
  type RetrievalReport,
  retrievalReport,
} from "./retrieval-report.js";
export { type SampledSearch, SampleUnavailableError, sampleSections } from "./sample-sections.js";
