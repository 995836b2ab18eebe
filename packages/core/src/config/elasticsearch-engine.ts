import type { Caller } from "../contract/caller.js";
import { areasValue, httpUrlValue, originOf, portalUrlOf, refuse } from "./config-checks.js";
import type { EngineEntry, ReadValue } from "./engine-entry.js";

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
    callerNeeds: "an API key or a bearer token: the cluster's own index privileges decide",
    overFetch: true,
    read(value, mode) {
      const url = httpUrlValue(value, `${prefix}_URL`, label);
      const areas = areasValue(value, label);
      return {
        engine: flavor,
        origin: originOf(url),
        areas,
        ...portalUrlOf(value),
        ...(mode === "one-user" ? clusterCaller(value, prefix) : {}),
        check: { engine: flavor, url },
        async open() {
          const { elasticsearchBackend } = await import("../elasticsearch/index.js");
          return { backend: elasticsearchBackend({ url, flavor }), areas, close: async () => {} };
        },
      };
    },
  };
}

function clusterCaller(value: ReadValue, prefix: string): { caller: Caller; credential: string } {
  const apiKey = value(`${prefix}_API_KEY`);
  const token = value("SEARCH_DOCS_TOKEN");
  const keyName = value.setAs(`${prefix}_API_KEY`);
  if (apiKey !== "" && token !== "") {
    refuse(keyName, `${keyName} and SEARCH_DOCS_TOKEN are both set; set one credential`);
  }
  if (apiKey !== "") {
    return { caller: { headers: { authorization: `ApiKey ${apiKey}` } }, credential: keyName };
  }
  if (token !== "") return { caller: { token }, credential: "SEARCH_DOCS_TOKEN" };
  return refuse(
    keyName,
    `${keyName} (an API key, sent as ApiKey) or SEARCH_DOCS_TOKEN (sent as Bearer) is not set`,
  );
}

export const elasticsearchEngine = clusterEngine("elasticsearch");
export const opensearchEngine = clusterEngine("opensearch");
