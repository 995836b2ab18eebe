// @search-docs/core/backend-kit: what every backend is written on (docs/backends.md). One HTTP
// attempt, one status table, the page and document rules, the record layouts, the caller's
// credential and per-user key minting: a backend adds only its engine's wire.
export { callerHeaders } from "./caller-headers.js";
export {
  type CredentialMinting,
  defaultLifetimeSeconds,
  restrictionsOf,
} from "./credential-minting.js";
export { parseRetryAfter } from "./parse-retry-after.js";
export {
  type HttpAnswer,
  type HttpRequest,
  type SendOptions,
  sendRequest,
} from "./send-request.js";
export {
  failureWith,
  httpStatusFailure,
  isRetryable,
  labelOf,
  type StatusDetail,
  type StatusRow,
  safeLabel,
  statusRow,
} from "./status-table.js";
