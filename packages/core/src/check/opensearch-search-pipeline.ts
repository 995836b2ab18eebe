import { getJson } from "./hosted-inspection.js";
import { type SemanticFinding, settingsRefused, settingsUnread } from "./semantic-finding.js";

// OpenSearch's hybrid query is fused by the search pipeline `semantic.searchPipeline` names
// (`?search_pipeline=`). Without it in the cluster the first search answers 400 "Pipeline … is
// not defined"; with a pipeline that fuses nothing, OpenSearch returns the sub-queries' raw,
// unfused results (neural-search#1011), which would read as a ranked page. So check reads it with
// `GET /_search/pipeline/{id}` ("Retrieving search pipelines",
// https://docs.opensearch.org/latest/search-plugins/search-pipelines/retrieving-search-pipeline/):
// `{ <id>: { request_processors?, response_processors?, phase_results_processors? } }`, each
// processor an object keyed by its type; an unknown id is 404 with `{}` (GetSearchPipelineResponse:
// no pipeline found → NOT_FOUND). The fusing processors are the `normalization-processor`
// (https://docs.opensearch.org/latest/search-plugins/search-pipelines/normalization-processor/)
// and, from 2.19, the `score-ranker-processor`
// (https://docs.opensearch.org/latest/search-plugins/search-pipelines/score-ranker-processor/).
// The read takes the cluster permission `cluster:admin/search/pipeline/get`, which a reader lacks
// (403): nothing is concluded then, and the probe's hybrid search speaks.

const fusing = ["normalization-processor", "score-ranker-processor"] as const;
const variable = "SEARCH_DOCS_OPENSEARCH_SEARCH_PIPELINE (semantic.searchPipeline in code)";
const createFix = (name: string) =>
  `create it: PUT /_search/pipeline/${name} with a normalization-processor (or, from 2.19, a score-ranker-processor) in phase_results_processors (https://docs.opensearch.org/latest/search-plugins/search-pipelines/normalization-processor/)`;

/** The pipeline's finding, read with the headers the caller's request is signed with. */
export async function inspectSearchPipeline(
  base: string,
  name: string,
  headersFor: (url: string) => Promise<Record<string, string>>,
): Promise<SemanticFinding> {
  const url = `${base}/_search/pipeline/${encodeURIComponent(name)}`;
  const { status, body } = await getJson(url, { headers: await headersFor(url) });
  if (status === 401 || status === 403) {
    return settingsRefused(
      status,
      `search pipeline "${name}"`,
      "cluster:admin/search/pipeline/get",
    );
  }
  if (status === 404) {
    return {
      state: "fail",
      detail: `no search pipeline "${name}" in the cluster: the hybrid search is refused ("Pipeline ${name} is not defined")`,
      fix: `${createFix(name)}, or set ${variable} to the pipeline that fuses the hybrid query`,
    };
  }
  const pipeline = (body as Record<string, { phase_results_processors?: unknown }> | undefined)?.[
    name
  ];
  if (status !== 200 || typeof pipeline !== "object" || pipeline === null) {
    return settingsUnread(`search pipeline "${name}"`, status);
  }
  const processors = Array.isArray(pipeline.phase_results_processors)
    ? (pipeline.phase_results_processors as unknown[])
    : [];
  const found = fusing.find((type) =>
    processors.some(
      (processor) => typeof processor === "object" && processor !== null && type in processor,
    ),
  );
  if (found === undefined) {
    return {
      state: "fail",
      detail: `search pipeline "${name}" has no normalization-processor or score-ranker-processor in phase_results_processors: OpenSearch would return the hybrid query's sub-query results unfused`,
      fix: `add one to "${name}": ${createFix(name)}`,
    };
  }
  return { state: "pass", detail: `search pipeline "${name}" (${found})` };
}
