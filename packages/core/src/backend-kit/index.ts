// @search-docs/core/backend-kit: what every backend is written on (docs/backends.md). One HTTP
// attempt, one status table, the page and document rules, the record layouts, the caller's
// credential and per-user key minting: a backend adds only its engine's wire.

export { awsCredentialsFromEnvironment } from "./aws-credentials-from-environment.js";
export {
  type AwsCredentials,
  type AwsSignature,
  type AwsSigningOptions,
  type SignableRequest,
  signAwsFetch,
  signAwsRequest,
} from "./aws-signature-v4.js";
export { hostedBaseUrl as baseUrlOption, refuseOption } from "./backend-options.js";
export { type BasicCredentials, basicAuthorization } from "./basic-authorization.js";
export { callerHeaders, callerToken } from "./caller-headers.js";
export {
  type CredentialMinting,
  defaultLifetimeSeconds,
  type MintingGrant,
  mintingGrant,
  restrictionsOf,
} from "./credential-minting.js";
export { documentOf, sectionsToAsk, tooManySections } from "./document-size.js";
export { type HttpEdges, httpEdgesOf } from "./http-edges.js";
export { isFailure, malformed } from "./malformed.js";
export { nextOffset, offsetPage, readOffset } from "./offset-continuation.js";
export { type PageEnd, pageOf } from "./page-end.js";
export {
  type Page,
  type PageFormat,
  type PageSection,
  type PageSectionOptions,
  pageSections,
} from "./page-sections.js";
export { parseRetryAfter } from "./parse-retry-after.js";
export { sectionAt, sectionOfPassage } from "./passage-section.js";
export { collectionSegment, pathSegment } from "./path-segment.js";
export {
  dimensionsOption,
  embedQuery,
  maxQueryDimensions,
  type QueryEmbed,
  queryEmbedOption,
} from "./query-vector.js";
export { readAnswer } from "./read-answer.js";
export { stringAt } from "./read-record.js";
export { readErrorBody, readWire } from "./read-wire.js";
export {
  type DocSearchFields,
  defaultDocSearchFields,
  defaultSectionFields,
  type RecordLayout,
  type RecordLayoutOptions,
  recordLayout,
  type SectionFields,
} from "./record-layout.js";
export { sectionUrl } from "./section-url.js";
export {
  type HttpAnswer,
  type HttpRequest,
  type SendOptions,
  sendRequest,
} from "./send-request.js";
export { type SigningKey, signingKeyOf } from "./signing-key.js";
export { annotateOperation, type EngineOperation, operationAttributes } from "./span-attributes.js";
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
