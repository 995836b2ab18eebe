import { type AwsCredentials, signAwsFetch } from "../backend-kit/aws-signature-v4.js";
import { refuseOption } from "../backend-kit/backend-options.js";
import { type BasicCredentials, basicAuthorization } from "../backend-kit/basic-authorization.js";
import { callerHeaders } from "../backend-kit/caller-headers.js";
import type { Caller } from "../contract/caller.js";

// How a request to the cluster is authenticated. The caller's own credential (an API key, a
// bearer token, Basic) travels in its `authorization` header and is sent as given; AWS
// Signature Version 4 (Amazon OpenSearch Service, OpenSearch Serverless) signs each request with
// the request's own method, URL, headers and body, so it is computed here, per request, never
// by the caller. A caller's `authorization` wins: a domain that accepts both IAM and its own
// users (fine-grained access control with the internal user database) serves both.

/** AWS Signature Version 4 for every request that carries no `authorization` of its caller. */
export interface ElasticsearchAwsSigning {
  /** `es`: an Amazon OpenSearch Service domain; `aoss`: an OpenSearch Serverless collection. */
  service: "es" | "aoss";
  /** The domain's or collection's region (`eu-west-1`). */
  region: string;
  /**
   * The signing credentials: fixed (the process's own, e.g. `awsCredentialsFromEnvironment`),
   * or a function of the call's caller returning that user's own (temporary credentials your
   * app obtained for them: STS, a Cognito identity pool). Read on each request, kept nowhere.
   */
  credentials: AwsCredentials | ((caller: Caller) => AwsCredentials | Promise<AwsCredentials>);
}

export interface ElasticsearchAuth {
  aws?: ElasticsearchAwsSigning;
}

/** A request as it will be sent: its headers are completed (and signed) by `authorize`. */
export interface AuthorizableRequest {
  method: string;
  url: string;
  headers: Readonly<Record<string, string>>;
  body?: string;
}

/** The headers to send: the caller's, the request's own, and a signature where one is due. */
export type Authorize = (
  request: AuthorizableRequest,
  caller: Caller,
) => Promise<Record<string, string>>;

// The header an Elasticsearch or OpenSearch cluster shows in its tasks and slow logs: a
// one-user process signing with the process's AWS credentials has no other caller to send.
export const signedProcessCaller: Caller = Object.freeze({
  headers: Object.freeze({ "x-opaque-id": "search-docs" }),
}) as Caller;

/** A caller that signs in with a username and password (`Authorization: Basic`, RFC 7617). */
export function basicCaller(credentials: BasicCredentials): Caller {
  return { headers: { authorization: basicAuthorization(credentials) } };
}

/**
 * The backend's `auth` option, checked once (naming the field, never a value), as the function
 * that authorizes each request; `now` is the backend's clock, for the signature's date.
 */
export function authorizeRequests(
  backendName: string,
  auth: ElasticsearchAuth | undefined,
  now: () => number,
): Authorize {
  const aws = auth?.aws === undefined ? undefined : checkedSigning(backendName, auth.aws);
  return async (request, caller) => {
    const headers = { ...callerHeaders(caller), ...request.headers };
    if (aws === undefined || carriesAuthorization(headers)) return headers;
    const credentials =
      typeof aws.credentials === "function"
        ? await credentialsOf(backendName, aws.credentials, caller)
        : aws.credentials;
    return signAwsFetch(
      {
        method: request.method,
        url: new URL(request.url),
        headers,
        ...(request.body === undefined ? {} : { body: request.body }),
      },
      // x-amz-content-sha256 holds the body's own hash (OpenSearch Serverless requires the
      // header; the official clients send the hash, never UNSIGNED-PAYLOAD).
      { credentials, region: aws.region, service: aws.service, now: new Date(now()) },
    );
  };
}

/**
 * The text of an AWS endpoint's own error body (`{"message": "..."}`, as Amazon OpenSearch
 * Service and OpenSearch Serverless answer a refused signature), for the status table's phrase
 * match only: it is never put in a reason. Undefined for any other body.
 */
export function awsErrorMessage(text: string): string | undefined {
  if (!text.startsWith("{") || text.length > 4096) return undefined;
  try {
    const body = JSON.parse(text) as { message?: unknown; Message?: unknown };
    const message = body.message ?? body.Message;
    return typeof message === "string" ? message : undefined;
  } catch {
    return undefined;
  }
}

function carriesAuthorization(headers: Readonly<Record<string, string>>): boolean {
  return Object.keys(headers).some((name) => name.toLowerCase() === "authorization");
}

function checkedSigning(
  backendName: string,
  aws: ElasticsearchAwsSigning,
): ElasticsearchAwsSigning {
  if (typeof aws !== "object" || aws === null) {
    refuseOption(backendName, "auth.aws", "auth.aws must be an object");
  }
  if (aws.service !== "es" && aws.service !== "aoss") {
    refuseOption(
      backendName,
      "auth.aws.service",
      'auth.aws.service must be "es" (Amazon OpenSearch Service) or "aoss" (OpenSearch Serverless)',
    );
  }
  if (typeof aws.region !== "string" || !/^[a-z]{2}(-[a-z0-9]+)+$/.test(aws.region)) {
    refuseOption(
      backendName,
      "auth.aws.region",
      "auth.aws.region must be an AWS region such as eu-west-1 (AWS_REGION)",
    );
  }
  if (typeof aws.credentials !== "function") {
    checkedCredentials(backendName, aws.credentials);
  }
  return aws;
}

async function credentialsOf(
  backendName: string,
  credentials: (caller: Caller) => AwsCredentials | Promise<AwsCredentials>,
  caller: Caller,
): Promise<AwsCredentials> {
  let found: unknown;
  try {
    found = await credentials(caller);
  } catch (error) {
    // Its message is your code's, and may hold what it was given: only its class is said.
    const name = error instanceof Error ? error.name : typeof error;
    throw new Error(`${backendName}: auth.aws.credentials failed for this caller (${name})`);
  }
  return checkedCredentials(backendName, found);
}

/** Both keys present, on one line; the session token too when given. Never says a value. */
function checkedCredentials(backendName: string, value: unknown): AwsCredentials {
  const credentials = value as Partial<AwsCredentials> | null | undefined;
  const oneLine = (text: unknown) =>
    typeof text === "string" && text.trim() !== "" && !/[\s\p{Cc}]/u.test(text);
  if (typeof credentials !== "object" || credentials === null) {
    refuseOption(backendName, "auth.aws.credentials", "auth.aws.credentials must be an object");
  }
  for (const field of ["accessKeyId", "secretAccessKey"] as const) {
    if (!oneLine(credentials[field])) {
      refuseOption(
        backendName,
        `auth.aws.credentials.${field}`,
        `auth.aws.credentials.${field} must be a non-empty string without spaces`,
      );
    }
  }
  if (credentials.sessionToken !== undefined && !oneLine(credentials.sessionToken)) {
    refuseOption(
      backendName,
      "auth.aws.credentials.sessionToken",
      "auth.aws.credentials.sessionToken must be a non-empty string without spaces when given",
    );
  }
  return credentials as AwsCredentials;
}
