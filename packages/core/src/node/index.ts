// @search-docs/core/node: what needs Node's built-ins (reading files). The root entry uses none,
// so it runs in edge runtimes and workers as well.

export {
  type CheckCommandOptions,
  type CheckOptions,
  type CheckReport,
  type CheckRow,
  type CheckStep,
  checkExitCodes,
  checkSteps,
  formatCheckReport,
  runCheck,
  runCheckCommand,
} from "../check/index.js";
export { areaSources } from "../config/area-sources.js";
export { type BackendConfigSource, backendConfig } from "../config/backend-config.js";
export { backendRegistry } from "../config/backend-registry.js";
export { configJsonSchema } from "../config/config-json-schema.js";
export { describeEngine } from "../config/describe-engine.js";
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
export {
  type CallerMode,
  type EngineConfig,
  type EngineEntry,
  type EngineName,
  type EngineVariable,
  engineNames,
  type OpenedEngine,
} from "../config/engine-entry.js";
export { openConfiguredDocs } from "../config/open-configured-docs.js";
export { sharedVariables } from "../config/shared-variables.js";
export { variablesHelp } from "../config/variables-help.js";
