import type { RecordLayoutOptions } from "../backend-kit/record-layout.js";
import {
  areasValue,
  choiceValue,
  httpUrlValue,
  originOf,
  portalUrlOf,
  refuse,
  requiredValue,
} from "./config-checks.js";
import type { EngineEntry, EngineName, ReadValue } from "./engine-entry.js";
import {
  meilisearchSemanticOf,
  meilisearchSemanticVariables,
  typesenseSemanticOf,
  typesenseSemanticVariables,
} from "./hosted-semantic.js";

// Algolia, Meilisearch and Typesense read alike from the environment: where, the layout of the
// records, and (for one user) the search key sent as the caller's token. Keys minted per user
// (secured keys, tenant tokens, scoped keys) are an app's code: docs/hosted-engines.md.

const recordLayouts = ["docsearch", "sections"] as const;

function recordsVariable(prefix: string) {
  return {
    name: `${prefix}_RECORDS`,
    description:
      "the record layout: docsearch (DocSearch / docs-scraper records, the default) or sections (one record per section)",
  };
}

function apiKeyVariable(prefix: string, sentAs: string) {
  return {
    name: `${prefix}_API_KEY`,
    secret: true,
    required: true,
    description: `a search-only key (never an admin key), sent as ${sentAs}; per request, the caller's token is sent instead`,
  };
}

function layoutOf(
  value: ReadValue,
  prefix: string,
): Required<Pick<RecordLayoutOptions, "records">> {
  return { records: choiceValue(value, `${prefix}_RECORDS`, recordLayouts, "docsearch") };
}

function oneUserKey(value: ReadValue, prefix: string, label: string, mode: string) {
  return mode === "one-user"
    ? { caller: { token: requiredValue(value, `${prefix}_API_KEY`, label) } }
    : {};
}

/** A hosted engine reached at one URL (Meilisearch, Typesense). */
function urlEngine(
  engine: Extract<EngineName, "meilisearch" | "typesense">,
  label: string,
  sentAs: string,
): EngineEntry {
  const prefix = `SEARCH_DOCS_${engine.toUpperCase()}`;
  return {
    engine,
    label,
    variables: [
      { name: `${prefix}_URL`, required: true, description: `the ${label} server's URL` },
      apiKeyVariable(prefix, sentAs),
      recordsVariable(prefix),
      ...(engine === "meilisearch" ? meilisearchSemanticVariables : typesenseSemanticVariables),
    ],
    shared: ["SEARCH_DOCS_AREAS", "SEARCH_DOCS_PORTAL_URL"],
    callerNeeds: `a search key (${prefix}_API_KEY for one user)`,
    overFetch: true,
    read(value, mode) {
      const url = httpUrlValue(value, `${prefix}_URL`, label);
      const layout = layoutOf(value, prefix);
      // Read here, so a wrong value is refused at start, not at the first search.
      const meilisearchSemantic = engine === "meilisearch" ? meilisearchSemanticOf(value) : {};
      const typesenseSemantic = engine === "typesense" ? typesenseSemanticOf(value) : {};
      const areas = areasValue(value, label);
      return {
        engine,
        origin: originOf(url),
        areas,
        ...portalUrlOf(value),
        ...oneUserKey(value, prefix, label, mode),
        // The semantic option goes to check too, which verifies its embedder or field.
        check:
          engine === "meilisearch"
            ? { engine, url, records: layout.records, ...meilisearchSemantic }
            : { engine, url, records: layout.records, ...typesenseSemantic },
        async open() {
          const backend =
            engine === "meilisearch"
              ? (await import("../meilisearch/index.js")).meilisearchBackend({
                  url,
                  ...layout,
                  ...meilisearchSemantic,
                })
              : (await import("../typesense/index.js")).typesenseBackend({
                  url,
                  ...layout,
                  ...typesenseSemantic,
                });
          return { backend, areas, close: async () => {} };
        },
      };
    },
  };
}

export const meilisearchEngine = urlEngine("meilisearch", "Meilisearch", "Authorization: Bearer");
export const typesenseEngine = urlEngine("typesense", "Typesense", "X-TYPESENSE-API-KEY");

/** Algolia: an application id names its hosts. */
export const algoliaEngine: EngineEntry = {
  engine: "algolia",
  label: "Algolia",
  variables: [
    { name: "SEARCH_DOCS_ALGOLIA_APP_ID", required: true, description: "the application id" },
    apiKeyVariable("SEARCH_DOCS_ALGOLIA", "X-Algolia-API-Key"),
    recordsVariable("SEARCH_DOCS_ALGOLIA"),
    {
      name: "SEARCH_DOCS_ALGOLIA_HOSTS",
      description:
        "comma-separated host URLs to read from, in order (default: the application's DSN host, then its three fallbacks)",
    },
  ],
  shared: ["SEARCH_DOCS_AREAS", "SEARCH_DOCS_PORTAL_URL"],
  callerNeeds: "a search key (SEARCH_DOCS_ALGOLIA_API_KEY for one user)",
  overFetch: true,
  read(value, mode) {
    const appId = requiredValue(value, "SEARCH_DOCS_ALGOLIA_APP_ID", "Algolia");
    if (!/^[A-Za-z0-9]{1,64}$/.test(appId)) {
      refuse("SEARCH_DOCS_ALGOLIA_APP_ID", "SEARCH_DOCS_ALGOLIA_APP_ID must be letters and digits");
    }
    const hostList = value("SEARCH_DOCS_ALGOLIA_HOSTS");
    const hosts = hostList === "" ? [] : hostList.split(",").map((host) => host.trim());
    for (const host of hosts) {
      if (!URL.canParse(host) || !/^https?:/.test(host)) {
        refuse(
          "SEARCH_DOCS_ALGOLIA_HOSTS",
          "SEARCH_DOCS_ALGOLIA_HOSTS must be http(s) URLs, comma-separated",
        );
      }
    }
    const layout = layoutOf(value, "SEARCH_DOCS_ALGOLIA");
    const areas = areasValue(value, "Algolia");
    return {
      engine: "algolia",
      origin: hosts[0] === undefined ? `https://${appId}-dsn.algolia.net` : originOf(hosts[0]),
      areas,
      ...portalUrlOf(value),
      ...oneUserKey(value, "SEARCH_DOCS_ALGOLIA", "Algolia", mode),
      check: { engine: "algolia", appId, hosts, records: layout.records },
      async open() {
        const { algoliaBackend } = await import("../algolia/index.js");
        const backend = algoliaBackend({
          appId,
          ...(hosts.length > 0 ? { hosts } : {}),
          ...layout,
        });
        return { backend, areas, close: async () => {} };
      },
    };
  },
};
