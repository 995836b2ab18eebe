import type { AuthInfo } from "@modelcontextprotocol/sdk/server/auth/types.js";

/** Checks an access token your authorization server issued; the SDK's `OAuthTokenVerifier` fits. */
export interface DocsTokenVerifier {
  /**
   * The token's grant, with `resource` set to the audience it was issued for (RFC 8707) and
   * `expiresAt` in seconds. Undefined, or a thrown SDK `InvalidTokenError`, for a token that is
   * not valid; anything else thrown is a server error (500).
   */
  verifyAccessToken(token: string): Promise<AuthInfo | undefined>;
}

/** Bearer-token protection as the MCP authorization spec (2025-06-18 and later) asks of a server. */
export interface DocsMcpAuth {
  /**
   * This server's canonical URI (RFC 8707), e.g. "https://docs-mcp.example.com/mcp": the
   * audience every accepted token must name, and the `resource` of its protected resource
   * metadata.
   */
  resource: string;
  /** Issuers clients get tokens from (`authorization_servers` of the metadata). */
  authorizationServers: readonly string[];
  verifier: DocsTokenVerifier;
  /** Scopes every request needs; a token without them gets 403 `insufficient_scope`. */
  requiredScopes?: readonly string[] | undefined;
  /** `scopes_supported` of the metadata. Default: `requiredScopes`. */
  scopesSupported?: readonly string[] | undefined;
  /** `resource_name` of the metadata, shown by clients when they ask the user to sign in. */
  resourceName?: string | undefined;
  /** `resource_documentation` of the metadata. */
  resourceDocumentation?: string | undefined;
}
