import type { AuthInfo } from "@modelcontextprotocol/sdk/server/auth/types.js";
import type { Clock } from "@search-docs/core";
import type { DocsMcpAuth } from "./docs-mcp-auth.js";
import { protectedResourceMetadataUrl } from "./protected-resource-metadata.js";

export type BearerCheck =
  | { ok: true; authInfo: AuthInfo }
  | { ok: false; response: Response; error?: unknown };

type Refusal = { status: 401 | 403; error?: string; description: string };

const refusals = {
  missing: { status: 401, description: "Authorization: Bearer <token> is required" },
  malformed: {
    status: 401,
    error: "invalid_token",
    description: "Expected Authorization: Bearer <token>",
  },
  invalid: { status: 401, error: "invalid_token", description: "The access token is not valid" },
  noExpiry: { status: 401, error: "invalid_token", description: "The access token has no expiry" },
  expired: { status: 401, error: "invalid_token", description: "The access token has expired" },
  otherAudience: {
    status: 401,
    error: "invalid_token",
    description: "The access token was not issued for this server",
  },
  scope: {
    status: 403,
    error: "insufficient_scope",
    description: "The access token lacks a required scope",
  },
} as const satisfies Record<string, Refusal>;

/**
 * OAuth 2.1 section 5.2 as MCP asks of a server: the token must verify, be unexpired, name this
 * server as its audience and carry the required scopes. Every refusal says where the protected
 * resource metadata is, so a client can go and get a token; none repeats what the verifier said.
 */
export async function verifyBearerToken(
  request: Request,
  auth: DocsMcpAuth,
  clock: Pick<Clock, "epochMs">,
): Promise<BearerCheck> {
  const refuse = (refusal: Refusal): BearerCheck => ({
    ok: false,
    response: refusalResponse(refusal, auth),
  });
  const header = request.headers.get("authorization");
  // No credentials at all: RFC 6750 section 3.1 says to name no error, only where to get them.
  if (header === null || header.trim() === "") return refuse(refusals.missing);
  const token = /^Bearer +([A-Za-z0-9\-._~+/]+=*) *$/i.exec(header)?.[1];
  if (!token) return refuse(refusals.malformed);

  let authInfo: AuthInfo | undefined;
  try {
    authInfo = await auth.verifier.verifyAccessToken(token);
  } catch (error) {
    if ((error as { errorCode?: unknown } | null)?.errorCode === "invalid_token") {
      return refuse(refusals.invalid);
    }
    const body = {
      error: "server_error",
      error_description: "The access token could not be checked",
    };
    return { ok: false, error, response: Response.json(body, { status: 500 }) };
  }
  if (!authInfo) return refuse(refusals.invalid);
  if (typeof authInfo.expiresAt !== "number" || Number.isNaN(authInfo.expiresAt)) {
    return refuse(refusals.noExpiry);
  }
  if (authInfo.expiresAt * 1000 <= clock.epochMs()) return refuse(refusals.expired);
  // Audience (RFC 8707): a token minted for another resource must not work here.
  if (!sameResource(authInfo.resource, auth.resource)) return refuse(refusals.otherAudience);
  // A verifier that lists no scopes granted none (and must not crash the handler).
  const granted = Array.isArray(authInfo.scopes) ? authInfo.scopes : [];
  if (!(auth.requiredScopes ?? []).every((scope) => granted.includes(scope))) {
    return refuse(refusals.scope);
  }
  return { ok: true, authInfo };
}

function refusalResponse({ status, error, description }: Refusal, auth: DocsMcpAuth): Response {
  const parameters: [string, string][] = [
    ...(error
      ? [
          ["error", error] as [string, string],
          ["error_description", description] as [string, string],
        ]
      : []),
    ...(auth.requiredScopes?.length
      ? [["scope", auth.requiredScopes.join(" ")] as [string, string]]
      : []),
    ["resource_metadata", protectedResourceMetadataUrl(auth.resource).href],
  ];
  const challenge = `Bearer ${parameters.map(([name, value]) => `${name}="${value}"`).join(", ")}`;
  return Response.json(
    { error: error ?? "unauthorized", error_description: description },
    { status, headers: { "www-authenticate": challenge } },
  );
}

// Compared as URLs without fragment or one trailing slash, as the SDK's own bearer check does.
function sameResource(reported: URL | string | undefined, expected: string): boolean {
  const comparable = (value: URL | string | undefined) => {
    if (value === undefined || !URL.canParse(String(value))) return undefined;
    const url = new URL(String(value));
    url.hash = "";
    return url.href.replace(/\/$/, "");
  };
  const left = comparable(reported);
  return left !== undefined && left === comparable(expected);
}
