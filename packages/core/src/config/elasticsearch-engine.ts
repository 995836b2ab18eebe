import { areasValue, httpUrlValue, originOf, portalUrlOf } from "./config-checks.js";
import { clusterCredential } from "./elasticsearch-credentials.js";
import { elasticsearchLayoutValue } from "./elasticsearch-layout-value.js";
import {
  elasticsearchSemanticValue,
  elasticsearchSemanticVariables,
} from "./elasticsearch-semantic-value.js";
import type { EngineEntry } from "./engine-entry.js";

/** Elasticsearch or OpenSearch: the same backend, its flavor named by the engine. */
function clusterEngine(flavor: "elasticsearch" | "opensearch"): EngineEntry {
  const prefix = `SEARCH_DOCS_${flavor.toUpperCase()}`;
  const label = flavor === "elasticsearch" ? "Elasticsearch" : "OpenSearch";
  return {
    engine: flavor,
    label,
    variables: [
      {
        name: `${prefix}_URL`,
        required: true,
        description: `the cluster's URL (${label}; no credentials in it)`,
      },
      {
        name: `${prefix}_API_KEY`,
        secret: true,
        description:
          "an API key, sent as `Authorization: ApiKey …` (or set SEARCH_DOCS_TOKEN, sent as Bearer)",
      },
      {
        name: `${prefix}_USERNAME`,
        description: `Basic auth: the one user's username (with ${prefix}_PASSWORD)`,
      },
      {
        name: `${prefix}_PASSWORD`,
        secret: true,
        description: "Basic auth: that user's password, sent as `Authorization: Basic …`",
      },
      {
        name: `${prefix}_AWS_SERVICE`,
        description:
          "`es` (Amazon OpenSearch Service) or `aoss` (OpenSearch Serverless): sign each request with AWS SigV4, credentials from AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY, AWS_SESSION_TOKEN, the region from AWS_REGION (or AWS_DEFAULT_REGION); one user's process only",
      },
      {
        name: `${prefix}_RECORDS`,
        description:
          "`sections` (one record per section, the default), `pages` (one per page: title, body, headings, url, updated_at; sections from its headings), `elastic-crawler` or `open-crawler` (the Elastic crawlers' documents)",
      },
      {
        name: `${prefix}_PAGE_FORMAT`,
        description:
          "with page records: `plain` (the default; split at the headings list), `markdown` or `html`",
      },
      ...elasticsearchSemanticVariables(flavor, prefix),
      ...(flavor === "elasticsearch"
        ? [
            {
              name: "SEARCH_DOCS_ELASTICSEARCH_FLAVOR",
              description:
                "older spelling: `opensearch` reads SEARCH_DOCS_ELASTICSEARCH_URL as OpenSearch (prefer SEARCH_DOCS_BACKEND=opensearch)",
            },
          ]
        : []),
    ],
    shared: ["SEARCH_DOCS_AREAS", "SEARCH_DOCS_PORTAL_URL", "SEARCH_DOCS_TOKEN"],
    callerNeeds:
      "an API key, a bearer token or Basic (the caller's authorization header): the cluster's own index privileges decide",
    overFetch: true,
    read(value, mode) {
      const url = httpUrlValue(value, `${prefix}_URL`, label);
      const areas = areasValue(value, label);
      const { aws, ...who } = clusterCredential(value, prefix, mode);
      const auth = aws === undefined ? {} : { auth: { aws } };
      const layout = elasticsearchLayoutValue(value, prefix);
      // Read here, so a wrong value is refused at start, not at the first search.
      const semantic = elasticsearchSemanticValue(value, flavor, prefix);
      return {
        engine: flavor,
        origin: originOf(url),
        areas,
        ...portalUrlOf(value),
        ...who,
        check: {
          engine: flavor,
          url,
          ...auth,
          ...(layout.records === undefined ? {} : { records: layout.records }),
          // check verifies the field (elasticsearch-vector-field.ts).
          ...semantic,
        },
        async open() {
          const { elasticsearchBackend } = await import("../elasticsearch/index.js");
          const backend = elasticsearchBackend({ url, flavor, ...auth, ...layout, ...semantic });
          return { backend, areas, close: async () => {} };
        },
      };
    },
  };
}

export const elasticsearchEngine = clusterEngine("elasticsearch");
export const opensearchEngine = clusterEngine("opensearch");
