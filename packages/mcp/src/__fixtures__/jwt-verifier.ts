import { type JWTVerifyGetKey, jwtVerify } from "jose";
import type { DocsTokenVerifier } from "../http/docs-mcp-auth.js";

/**
 * The verifier the README shows: a JWT access token from your authorization server, checked
 * with jose against its keys (signature, issuer, expiry). The audience goes into `resource`, for
 * the handler to check against this server's canonical URI.
 */
export function jwtVerifier(options: { keys: JWTVerifyGetKey; issuer: string }): DocsTokenVerifier {
  return {
    async verifyAccessToken(token) {
      try {
        const { payload } = await jwtVerify(token, options.keys, { issuer: options.issuer });
        if (typeof payload.sub !== "string") return undefined; // speaks for no user
        const audience = Array.isArray(payload.aud) ? payload.aud[0] : payload.aud;
        return {
          token,
          clientId: String(payload.client_id ?? payload.azp ?? ""),
          scopes: typeof payload.scope === "string" ? payload.scope.split(" ") : [],
          expiresAt: payload.exp,
          resource: audience && URL.canParse(audience) ? new URL(audience) : undefined,
          extra: { user: payload.sub },
        };
      } catch {
        return undefined; // a bad signature, another issuer, expired: not a token of ours
      }
    },
  };
}
