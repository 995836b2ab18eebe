// @search-docs/core/edge-config: the registry read with no Node built-in, for edge runtimes and
// workers. It reads the engines reached over fetch from the environment alone (no file: areas as
// JSON); @search-docs/core/node reads every engine, `--config` files and areas files.

export { describeEngine } from "../config/describe-engine.js";
export {
  type EdgeBackendConfigSource,
  edgeBackendConfig,
} from "../config/edge-backend-config.js";
export { fetchEngines } from "../config/engine-descriptions.js";
export type {
  CallerMode,
  EngineConfig,
  EngineName,
  OpenedEngine,
} from "../config/engine-entry.js";
export { openConfiguredDocs } from "../config/open-configured-docs.js";
