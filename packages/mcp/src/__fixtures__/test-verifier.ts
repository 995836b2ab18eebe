import type { AuthInfo } from "@modelcontextprotocol/sdk/server/auth/types.js";
import type { DocsMcpAuth, DocsTokenVerifier } from "../http/docs-mcp-auth.js";

/** The canonical URI of the MCP server under test: the audience its tokens must name. */
export const resource = "https://docs-mcp.example.com/mcp";

const inAnHour = () => Math.floor(Date.now() / 1000) + 3600;

/** Access tokens an authorization server might have issued, by what is special about them. */
export const mcpTokens = {
  alice: "mcp-token-alice",
  bob: "mcp-token-bob",
  otherAudience: "mcp-token-for-another-server",
  expired: "mcp-token-expired",
  noExpiry: "mcp-token-no-expiry",
  noScope: "mcp-token-no-scope",
  verifierDown: "mcp-token-verifier-down",
} as const;

function grant(token: string, user: string, overrides: Partial<AuthInfo> = {}): AuthInfo {
  return {
    token,
    clientId: "test-host",
    scopes: ["docs:read"],
    expiresAt: inAnHour(),
    resource: new URL(resource),
    extra: { user },
    ...overrides,
  };
}

/** A verifier over a fixed table, as an app's JWT or introspection check would answer. */
export const testVerifier: DocsTokenVerifier = {
  async verifyAccessToken(token) {
    switch (token) {
      case mcpTokens.alice:
        return grant(token, "alice");
      case mcpTokens.bob:
        return grant(token, "bob");
      case mcpTokens.otherAudience:
        return grant(token, "alice", { resource: new URL("https://other.example.com/mcp") });
      case mcpTokens.expired:
        return grant(token, "alice", { expiresAt: Math.floor(Date.now() / 1000) - 60 });
      case mcpTokens.noExpiry:
        return grant(token, "alice", { expiresAt: undefined });
      case mcpTokens.noScope:
        return grant(token, "alice", { scopes: [] });
      case mcpTokens.verifierDown:
        throw new Error("introspection endpoint unreachable: ECONNREFUSED 10.0.0.7:443");
      default:
        return undefined;
    }
  },
};

export const testAuth: DocsMcpAuth = {
  resource,
  authorizationServers: ["https://auth.example.com"],
  verifier: testVerifier,
  requiredScopes: ["docs:read"],
  resourceName: "Internal docs",
};
