import type { Caller } from "../contract/caller.js";
import { basicCaller } from "../elasticsearch/elasticsearch-auth.js";
import { ConfigurationError } from "../errors/configuration-error.js";
import { parseAreas } from "./docs-config-from-environment.js";

/** An Elasticsearch or OpenSearch cluster, as the SEARCH_DOCS_ELASTICSEARCH_* variables name it. */
export interface EnvironmentElasticsearchConfig {
  url: string;
  flavor: "elasticsearch" | "opensearch";
  /** Area name → index names, aliases or patterns (SEARCH_DOCS_AREAS). */
  areas: Record<string, string[]>;
  portalUrl?: string;
  /** Only with `caller: "required"`: one user's credential, for a CLI or a script, never a server. */
  caller?: Caller;
}

export interface ElasticsearchConfigFromEnvironmentOptions {
  /**
   * "required" (a CLI or script acting as one user: SEARCH_DOCS_ELASTICSEARCH_API_KEY, sent as
   * `Authorization: ApiKey …`, or SEARCH_DOCS_TOKEN, sent as `Bearer …`) or "ignored" (a server,
   * where each request brings its user's credential).
   */
  caller: "required" | "ignored";
}

/**
 * SEARCH_DOCS_ELASTICSEARCH_URL, SEARCH_DOCS_ELASTICSEARCH_FLAVOR ("elasticsearch", the default,
 * or "opensearch"), SEARCH_DOCS_AREAS (JSON or a JSON file: area names to index names), and
 * when required SEARCH_DOCS_ELASTICSEARCH_API_KEY or SEARCH_DOCS_TOKEN. Undefined when
 * SEARCH_DOCS_ELASTICSEARCH_URL is not set; a half-done configuration is a ConfigurationError
 * naming the variable. Setting SEARCH_DOCS_BASE_URL too is refused: one backend per process.
 */
export function elasticsearchConfigFromEnvironment(
  environment: Record<string, string | undefined>,
  { caller: callerMode }: ElasticsearchConfigFromEnvironmentOptions = { caller: "required" },
): EnvironmentElasticsearchConfig | undefined {
  const value = (name: string) => environment[name]?.trim() ?? "";
  const url = value("SEARCH_DOCS_ELASTICSEARCH_URL");
  if (url === "") return undefined;
  if (value("SEARCH_DOCS_BASE_URL") !== "") {
    fail(
      "SEARCH_DOCS_BASE_URL",
      "SEARCH_DOCS_BASE_URL and SEARCH_DOCS_ELASTICSEARCH_URL are both set; set the one backend to search",
    );
  }
  if (!URL.canParse(url) || !/^https?:/.test(url)) {
    fail("SEARCH_DOCS_ELASTICSEARCH_URL", "SEARCH_DOCS_ELASTICSEARCH_URL must be an http(s) URL");
  }
  const flavor = value("SEARCH_DOCS_ELASTICSEARCH_FLAVOR") || "elasticsearch";
  if (flavor !== "elasticsearch" && flavor !== "opensearch") {
    fail(
      "SEARCH_DOCS_ELASTICSEARCH_FLAVOR",
      'SEARCH_DOCS_ELASTICSEARCH_FLAVOR must be "elasticsearch" or "opensearch"',
    );
  }
  if (value("SEARCH_DOCS_AREAS") === "") {
    fail(
      "SEARCH_DOCS_AREAS",
      'SEARCH_DOCS_AREAS is not set (map area names to index names, e.g. {"runbooks":["docs-runbooks"]})',
    );
  }
  const portalUrl = value("SEARCH_DOCS_PORTAL_URL");
  if (portalUrl && (!URL.canParse(portalUrl) || !/^https?:/.test(portalUrl))) {
    fail("SEARCH_DOCS_PORTAL_URL", "SEARCH_DOCS_PORTAL_URL must be an http(s) URL");
  }
  return {
    url,
    flavor,
    areas: parseAreas(value("SEARCH_DOCS_AREAS")),
    ...(portalUrl ? { portalUrl } : {}),
    ...(callerMode === "required" ? { caller: callerOf(value) } : {}),
  };
}

function callerOf(value: (name: string) => string): Caller {
  const apiKey = value("SEARCH_DOCS_ELASTICSEARCH_API_KEY");
  const token = value("SEARCH_DOCS_TOKEN");
  const username = value("SEARCH_DOCS_ELASTICSEARCH_USERNAME");
  const password = value("SEARCH_DOCS_ELASTICSEARCH_PASSWORD");
  const set = [apiKey, token, username].filter((credential) => credential !== "");
  if (set.length > 1) {
    fail(
      "SEARCH_DOCS_ELASTICSEARCH_API_KEY",
      "SEARCH_DOCS_ELASTICSEARCH_API_KEY, SEARCH_DOCS_TOKEN and SEARCH_DOCS_ELASTICSEARCH_USERNAME: more than one is set; set one credential",
    );
  }
  if (apiKey !== "") return { headers: { authorization: `ApiKey ${apiKey}` } };
  if (token !== "") return { token };
  if (username !== "" && password !== "") return basicCaller({ username, password });
  return fail(
    username === "" ? "SEARCH_DOCS_ELASTICSEARCH_API_KEY" : "SEARCH_DOCS_ELASTICSEARCH_PASSWORD",
    "SEARCH_DOCS_ELASTICSEARCH_API_KEY (an API key, sent as ApiKey), SEARCH_DOCS_TOKEN (sent as Bearer) or SEARCH_DOCS_ELASTICSEARCH_USERNAME with SEARCH_DOCS_ELASTICSEARCH_PASSWORD (Basic) is not set",
  );
}

function fail(option: string, message: string): never {
  throw new ConfigurationError({ option, message });
}
