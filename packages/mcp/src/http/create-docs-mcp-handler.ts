import type { AuthInfo } from "@modelcontextprotocol/sdk/server/auth/types.js";
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import {
  assertCaller,
  type Caller,
  type Clock,
  ConfigurationError,
  type DocsSearch,
} from "@search-docs/core";
import { createDocsMcpServer } from "../create-docs-mcp-server.js";
import type { DocsMcpAuth } from "./docs-mcp-auth.js";
import {
  protectedResourceMetadata,
  protectedResourceMetadataUrl,
} from "./protected-resource-metadata.js";
import { verifyBearerToken } from "./verify-bearer-token.js";

/** A Web-standard handler: Next.js route handlers, Hono (`c.req.raw`), Bun, Deno, workers. */
export type DocsMcpHandler = (request: Request) => Promise<Response>;

export type DocsMcpHandlerOptions = {
  /**
   * Failures that are not the model's doing (a throwing `callerFor` or verifier, a bug).
   * Default: `console.error`.
   */
  onError?: ((error: unknown) => void) | undefined;
  /**
   * `Origin` values allowed besides the server's own: with `auth`, the origin of `auth.resource`
   * (never one built from the request's `Host`, which a DNS-rebinding page controls); without,
   * the request's own origin at an allowed Host. Any other origin gets 403 (the MCP spec's
   * transport rule: servers MUST validate Origin).
   */
  allowedOrigins?: readonly string[] | undefined;
  /** Wall time for token expiry (core's `Clock`; only `epochMs` is read). Default: the system's. */
  clock?: Pick<Clock, "epochMs"> | undefined;
} & (
  | {
      /** Verifies the MCP client's bearer token: required for a server several users reach. */
      auth: DocsMcpAuth;
      /**
       * The backend credentials of the user a verified token speaks for (a token exchange, a
       * lookup, a service credential scoped to the user). Never the MCP token itself: it was
       * issued for this server, and passing it on is what the MCP spec forbids.
       */
      callerFor: (authInfo: AuthInfo) => Caller | Promise<Caller>;
      /**
       * `Host` values served. Default: the host of `auth.resource`. Behind a proxy that rewrites
       * `Host` (e.g. to an internal name), list what reaches this server.
       */
      allowedHosts?: readonly string[] | undefined;
    }
  | {
      auth?: undefined;
      /** One user's credentials for a local, single-user server (what `--http` on the bin runs). */
      caller: Caller;
      /** `Host` values a local server answers, e.g. ["127.0.0.1:3333", "localhost:3333"]. */
      allowedHosts: readonly string[];
    }
);

/**
 * search_docs and get_document over Streamable HTTP, stateless: every POST gets a fresh MCP
 * server bound to the caller of that request, so one user's call can never run with another's
 * credentials, and any number of instances can serve the same clients. With `auth`, the handler
 * also answers its protected resource metadata (RFC 9728) at
 * `/.well-known/oauth-protected-resource<path of resource>`.
 */
export function createDocsMcpHandler(
  docs: DocsSearch,
  options: DocsMcpHandlerOptions,
): DocsMcpHandler {
  const { auth } = options;
  const onError = options.onError ?? ((error: unknown) => console.error("search-docs mcp:", error));
  const clock = options.clock ?? { epochMs: () => Date.now() };
  const callerFor = validateCallerOptions(options);
  const metadataPath = auth ? protectedResourceMetadataUrl(auth.resource).pathname : undefined;
  const resourceUrl = auth ? new URL(auth.resource) : undefined;
  const allowedHosts = options.allowedHosts ?? (resourceUrl ? [resourceUrl.host] : undefined);

  return async (request) => {
    const url = new URL(request.url);
    const host = request.headers.get("host") ?? url.host;
    if (allowedHosts && !allowedHosts.includes(host)) {
      return forbidden(`Host ${JSON.stringify(host.slice(0, 100))} is not served here`);
    }
    if (auth && url.pathname === metadataPath) {
      if (request.method !== "GET" && request.method !== "HEAD") return methodNotAllowed("GET");
      // Public by design: clients read it before they have a token, browsers cross-origin.
      return Response.json(protectedResourceMetadata(auth), {
        headers: { "access-control-allow-origin": "*" },
      });
    }
    // The Streamable HTTP transport's defence against DNS rebinding and cross-site requests. With
    // auth the server's origin is the resource's: the request's own is whatever Host it sent.
    const origin = request.headers.get("origin");
    const ownOrigin = resourceUrl?.origin ?? url.origin;
    if (origin !== null && origin !== ownOrigin && !options.allowedOrigins?.includes(origin)) {
      return forbidden(`Origin ${JSON.stringify(origin.slice(0, 100))} is not allowed`);
    }
    // Stateless: no session to resume, no server-initiated messages, so only POST is served.
    if (request.method !== "POST") return methodNotAllowed("POST");

    let authInfo: AuthInfo | undefined;
    if (auth) {
      const check = await verifyBearerToken(request, auth, clock);
      if (!check.ok) {
        if (check.error !== undefined) onError(check.error);
        return check.response;
      }
      authInfo = check.authInfo;
    }

    const server = createDocsMcpServer(docs, { caller: () => callerFor(authInfo), onError });
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
    });
    await server.connect(transport);
    // A client that goes away cancels its calls: closing the server aborts their signals.
    const closeOnAbort = () => void server.close();
    request.signal.addEventListener("abort", closeOnAbort, { once: true });
    try {
      return await transport.handleRequest(request, authInfo ? { authInfo } : {});
    } finally {
      request.signal.removeEventListener("abort", closeOnAbort);
      await server.close();
    }
  };
}

function validateCallerOptions(
  options: DocsMcpHandlerOptions,
): (authInfo: AuthInfo | undefined) => Caller | Promise<Caller> {
  if (options.auth) {
    if (typeof options.callerFor !== "function") {
      throw new ConfigurationError({
        option: "callerFor",
        message:
          "createDocsMcpHandler with auth needs callerFor(authInfo): the backend credentials of the user a token speaks for (the MCP token itself is never passed on).",
      });
    }
    const { callerFor } = options;
    return (authInfo) => callerFor(authInfo as AuthInfo);
  }
  if (typeof options.caller !== "object" || options.caller === null) {
    throw new ConfigurationError({
      option: "auth",
      message:
        "createDocsMcpHandler needs auth and callerFor (a server several users reach), or caller and allowedHosts (one user's local server).",
    });
  }
  if (!Array.isArray(options.allowedHosts) || options.allowedHosts.length === 0) {
    throw new ConfigurationError({
      option: "allowedHosts",
      message:
        'createDocsMcpHandler without auth serves one user on their own machine: list the Host values it answers in allowedHosts, e.g. ["127.0.0.1:3333", "localhost:3333"].',
    });
  }
  const { caller } = options;
  assertCaller(
    caller,
    "search_docs",
    "pass createDocsMcpHandler(docs, { caller: { token }, allowedHosts }) the user's credentials",
  );
  return () => caller;
}

function forbidden(message: string): Response {
  return Response.json(
    { jsonrpc: "2.0", error: { code: -32000, message }, id: null },
    { status: 403 },
  );
}

function methodNotAllowed(allow: string): Response {
  return Response.json(
    {
      jsonrpc: "2.0",
      error: { code: -32000, message: `Method not allowed; use ${allow}` },
      id: null,
    },
    { status: 405, headers: { allow } },
  );
}
