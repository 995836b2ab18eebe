// @search-docs/core/node: what needs Node's built-ins (reading files). The root entry uses none,
// so it runs in edge runtimes and workers as well.
export {
  type DocsConfigFromEnvironmentOptions,
  docsConfigFromEnvironment,
  type EnvironmentDocsConfig,
} from "../config/docs-config-from-environment.js";
export {
  type ElasticsearchConfigFromEnvironmentOptions,
  type EnvironmentElasticsearchConfig,
  elasticsearchConfigFromEnvironment,
} from "../config/elasticsearch-config-from-environment.js";
