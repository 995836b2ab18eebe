import type { OAuthProtectedResourceMetadata } from "@modelcontextprotocol/sdk/shared/auth.js";
import type { DocsMcpAuth } from "./docs-mcp-auth.js";

/**
 * Where the metadata lives (RFC 9728 section 3.1): the well-known prefix inserted before the
 * resource's path, so several MCP servers can share one host.
 */
export function protectedResourceMetadataUrl(resource: string): URL {
  const url = new URL(resource);
  const path = url.pathname === "/" ? "" : url.pathname.replace(/\/$/, "");
  return new URL(`/.well-known/oauth-protected-resource${path}`, url.origin);
}

/** The RFC 9728 document MCP clients read to find the authorization server. */
export function protectedResourceMetadata(auth: DocsMcpAuth): OAuthProtectedResourceMetadata {
  const scopes = auth.scopesSupported ?? auth.requiredScopes;
  return {
    resource: auth.resource,
    authorization_servers: [...auth.authorizationServers],
    bearer_methods_supported: ["header"],
    ...(scopes?.length ? { scopes_supported: [...scopes] } : {}),
    ...(auth.resourceName ? { resource_name: auth.resourceName } : {}),
    ...(auth.resourceDocumentation ? { resource_documentation: auth.resourceDocumentation } : {}),
  };
}
