import { request as httpRequest, type RequestListener } from "node:http";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { ConfigurationError, type DocsSearch, type Trace } from "@search-docs/core";
import { createTestDocsSearch, fakeDocsServiceFixture } from "@search-docs/core/testing";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { listen } from "../__fixtures__/listen.js";
import { serveDocsMcp } from "../__fixtures__/serve-docs-mcp.js";
import { mcpTokens, resource, testAuth } from "../__fixtures__/test-verifier.js";
import { createDocsMcpHandler, type DocsMcpHandlerOptions } from "./create-docs-mcp-handler.js";
import { nodeRequestListener } from "./node-request-listener.js";

const fake = fakeDocsServiceFixture();
beforeAll(fake.start);
afterAll(fake.close);

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  fake.reset();
});

async function serve(docs: DocsSearch, options: Partial<DocsMcpHandlerOptions> = {}) {
  const served = await serveDocsMcp(docs, fake.service, options);
  cleanups.push(served.close);
  return served;
}

async function connectAs(endpoint: string, token: string) {
  const client = new Client({ name: "test-client", version: "1.0.0" });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(endpoint), {
      requestInit: { headers: { authorization: `Bearer ${token}` } },
    }),
  );
  cleanups.push(() => client.close());
  await client.listTools();
  return client;
}

const initialize = JSON.stringify({
  jsonrpc: "2.0",
  id: 1,
  method: "initialize",
  params: {
    protocolVersion: "2025-06-18",
    capabilities: {},
    clientInfo: { name: "t", version: "1" },
  },
});

function post(endpoint: string, headers: Record<string, string> = {}, body = initialize) {
  return fetch(endpoint, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
      ...headers,
    },
    body,
  });
}

/** A POST with any Host (fetch will not send another; node:http will): the status code. */
function postRaw(port: number, headers: Record<string, string>) {
  return new Promise<number | undefined>((resolve, reject) => {
    const request = httpRequest(`http://127.0.0.1:${port}/mcp`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
        ...headers,
      },
    });
    request.on("response", (response) => {
      response.resume();
      resolve(response.statusCode);
    });
    request.on("error", reject);
    request.end(initialize);
  });
}

const metadataUrl = "https://docs-mcp.example.com/.well-known/oauth-protected-resource/mcp";

describe("authorization (MCP spec 2025-06-18 and later)", () => {
  it("no token: 401 saying where the protected resource metadata is, and which scope to ask for", async () => {
    const { endpoint } = await serve(createTestDocsSearch(fake.service));
    const response = await post(endpoint);
    expect(response.status).toBe(401);
    expect(response.headers.get("www-authenticate")).toBe(
      `Bearer scope="docs:read", resource_metadata="${metadataUrl}"`,
    );
  });

  it.each([
    ["an unknown token", "Bearer nobody-issued-this", "The access token is not valid"],
    [
      "a token for another server (audience)",
      `Bearer ${mcpTokens.otherAudience}`,
      "not issued for this server",
    ],
    ["an expired token", `Bearer ${mcpTokens.expired}`, "has expired"],
    ["a token without expiry", `Bearer ${mcpTokens.noExpiry}`, "has no expiry"],
    ["another scheme", `Basic ${btoa("alice:secret")}`, "Expected Authorization: Bearer <token>"],
  ])("%s: 401 invalid_token", async (_, authorization, description) => {
    const { endpoint } = await serve(createTestDocsSearch(fake.service));
    const response = await post(endpoint, { authorization });
    expect(response.status).toBe(401);
    const challenge = response.headers.get("www-authenticate") ?? "";
    expect(challenge).toMatch(/^Bearer error="invalid_token", error_description="[^"]+"/);
    expect(challenge).toContain(description);
    expect(challenge).toContain(`resource_metadata="${metadataUrl}"`);
    expect(fake.service.requests).toHaveLength(0);
  });

  it("a token stops working when it expires, by the injected clock", async () => {
    let epochMs = Date.now();
    const { endpoint } = await serve(createTestDocsSearch(fake.service), {
      clock: { epochMs: () => epochMs },
    });
    const authorization = `Bearer ${mcpTokens.bob}`;
    expect((await post(endpoint, { authorization })).status).toBe(200);
    epochMs += 2 * 3600_000; // the test tokens live an hour
    const response = await post(endpoint, { authorization });
    expect(response.status).toBe(401);
    expect(response.headers.get("www-authenticate")).toContain("has expired");
  });

  it("a token without the required scope: 403 insufficient_scope", async () => {
    const { endpoint } = await serve(createTestDocsSearch(fake.service));
    const response = await post(endpoint, { authorization: `Bearer ${mcpTokens.noScope}` });
    expect(response.status).toBe(403);
    expect(response.headers.get("www-authenticate")).toContain(
      'error="insufficient_scope", error_description="The access token lacks a required scope", scope="docs:read"',
    );
  });

  it("a verifier that lists no scopes granted none: 403, not a crash", async () => {
    const { endpoint } = await serve(createTestDocsSearch(fake.service), {
      auth: {
        ...testAuth,
        verifier: {
          verifyAccessToken: async (token) =>
            ({ token, clientId: "c", resource, expiresAt: Date.now() / 1000 + 3600 }) as never,
        },
      },
    });
    const response = await post(endpoint, { authorization: `Bearer ${mcpTokens.bob}` });
    expect(response.status).toBe(403);
  });

  it("a verifier that fails is a 500 without its details; the error goes to onError", async () => {
    const { endpoint, errors } = await serve(createTestDocsSearch(fake.service));
    const response = await post(endpoint, { authorization: `Bearer ${mcpTokens.verifierDown}` });
    expect(response.status).toBe(500);
    const body = await response.text();
    expect(body).not.toContain("10.0.0.7");
    expect(String(errors[0])).toContain("ECONNREFUSED");
  });

  it("serves its protected resource metadata (RFC 9728), public and cross-origin", async () => {
    const { url } = await serve(createTestDocsSearch(fake.service));
    const response = await fetch(`${url}/.well-known/oauth-protected-resource/mcp`, {
      headers: { origin: "https://claude.ai" },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("access-control-allow-origin")).toBe("*");
    expect(await response.json()).toEqual({
      resource,
      authorization_servers: ["https://auth.example.com"],
      bearer_methods_supported: ["header"],
      scopes_supported: ["docs:read"],
      resource_name: "Internal docs",
    });
  });

  it("two MCP clients at once as two users: each reads with its own backend credentials, never the MCP token", async () => {
    const docs = createTestDocsSearch(fake.service);
    const { endpoint } = await serve(docs);
    const [alice, bob] = await Promise.all([
      connectAs(endpoint, mcpTokens.alice),
      connectAs(endpoint, mcpTokens.bob),
    ]);
    fake.reset();
    // Slow answers, so the two users' calls overlap upstream.
    fake.service.setLatency(() => 30);
    const query = { query: "data retention policy" };
    const rounds = await Promise.all(
      Array.from({ length: 4 }, (_, index) =>
        (index % 2 === 0 ? alice : bob)
          .callTool({ name: "search_docs", arguments: query })
          .then((result) => ({ user: index % 2 === 0 ? "alice" : "bob", result })),
      ),
    );
    for (const { user, result } of rounds) {
      const output = result.structuredContent as { status: string; results: { area: string }[] };
      expect(output.status).toBe("ok");
      const areas = new Set(output.results.map((hit) => hit.area));
      if (user === "alice") expect([...areas]).toEqual(["runbooks"]);
      else expect(areas.has("policies")).toBe(true);
    }
    const tokens = new Set(fake.service.requests.map((request) => request.token));
    expect(tokens).toEqual(
      new Set([fake.service.tokens.runbooksOnly, fake.service.tokens.everything]),
    );
    // No token passthrough: the MCP tokens were issued for this server and stay here.
    expect([...tokens].some((token) => token?.startsWith("mcp-token"))).toBe(false);

    // A ref bob was given grants alice nothing: she reads it with her own credentials.
    const bobs = rounds.find((round) => round.user === "bob")?.result.structuredContent as {
      results: { ref: string; area: string }[];
    };
    const policy = bobs.results.find((hit) => hit.area === "policies")?.ref;
    const read = await alice.callTool({ name: "get_document", arguments: { ref: policy } });
    expect(read.structuredContent).toMatchObject({ status: "no_access", content: null });
  });

  it("bad input over HTTP is still core's one-line tool error (the SDK's body limit does not pre-empt it)", async () => {
    const { endpoint } = await serve(createTestDocsSearch(fake.service));
    const client = await connectAs(endpoint, mcpTokens.bob);
    const result = await client.callTool({
      name: "search_docs",
      arguments: { query: "x".repeat(50_000), area: null, extra: true },
    });
    expect(result.isError).toBe(true);
    expect(result.content).toEqual([
      {
        type: "text",
        text: 'InvalidInputError: Invalid search_docs input: "query" must be at most 1000 characters.',
      },
    ]);
  });
});

describe("the HTTP endpoint", () => {
  it("is stateless: GET and DELETE are 405, there is no session id", async () => {
    const { endpoint } = await serve(createTestDocsSearch(fake.service));
    const authorization = `Bearer ${mcpTokens.bob}`;
    for (const method of ["GET", "DELETE"]) {
      const response = await fetch(endpoint, { method, headers: { authorization } });
      expect(response.status).toBe(405);
      expect(response.headers.get("allow")).toBe("POST");
    }
    const response = await post(endpoint, { authorization });
    expect(response.status).toBe(200);
    expect(response.headers.get("mcp-session-id")).toBeNull();
  });

  it("refuses a foreign Origin (DNS rebinding) and accepts the resource's own and listed ones", async () => {
    const { endpoint, url } = await serve(createTestDocsSearch(fake.service), {
      allowedOrigins: ["https://inspector.example.com"],
    });
    const authorization = `Bearer ${mcpTokens.bob}`;
    expect((await post(endpoint, { authorization, origin: "https://evil.example" })).status).toBe(
      403,
    );
    expect((await post(endpoint, { authorization, origin: new URL(resource).origin })).status).toBe(
      200,
    );
    expect(
      (await post(endpoint, { authorization, origin: "https://inspector.example.com" })).status,
    ).toBe(200);
    // The origin of the Host the request came in on is not the server's: a rebound page has it.
    expect((await post(endpoint, { authorization, origin: url })).status).toBe(403);
  });

  it("with auth and no allowedHosts, a DNS-rebound request is 403 whatever its Host says", async () => {
    const { port } = await serve(createTestDocsSearch(fake.service), { allowedHosts: undefined });
    const authorization = `Bearer ${mcpTokens.bob}`;
    // The probe: the rebinding page's name in Host and in Origin, a valid token.
    const rebound = `evil.example:${port}`;
    expect(await postRaw(port, { host: rebound, origin: `http://${rebound}`, authorization })).toBe(
      403,
    );
    // Its Host alone is refused: the default is the resource's host.
    expect(await postRaw(port, { host: rebound, authorization })).toBe(403);
    // The resource's own Host with a foreign Origin is refused too; with its own, served.
    const { host, origin } = new URL(resource);
    expect(await postRaw(port, { host, origin: `http://${rebound}`, authorization })).toBe(403);
    expect(await postRaw(port, { host, origin, authorization })).toBe(200);
  });

  it("a local single-user server answers only the Host values it was given", async () => {
    const docs = createTestDocsSearch(fake.service);
    let listener: RequestListener | undefined;
    const server = await listen((incoming, outgoing) => listener?.(incoming, outgoing));
    cleanups.push(server.close);
    listener = nodeRequestListener(
      createDocsMcpHandler(docs, {
        caller: { token: fake.service.tokens.everything },
        allowedHosts: [`127.0.0.1:${server.port}`, `localhost:${server.port}`],
      }),
    );
    expect((await post(`${server.url}/mcp`)).status).toBe(200);
    // What a DNS-rebound page sends: its own name in Host, though the socket is loopback.
    const rebound = await new Promise<number | undefined>((resolve, reject) => {
      // fetch will not send another Host; node:http will.
      const request = httpRequest(`${server.url}/mcp`, {
        method: "POST",
        headers: { host: "evil.example", "content-type": "application/json" },
      });
      request.on("response", (response) => {
        response.resume();
        resolve(response.statusCode);
      });
      request.on("error", reject);
      request.end(initialize);
    });
    expect(rebound).toBe(403);
  });

  it.each([
    ["the client closes", "close"],
    ["the request is aborted", "abort"],
  ])(
    "a call whose connection goes away (%s) is cancelled: core stops waiting upstream",
    async (_, how) => {
      const traces: Trace[] = [];
      const docs = createTestDocsSearch(fake.service, {
        onTrace: (trace) => void traces.push(trace),
      });
      const { endpoint } = await serve(docs);
      const client = await connectAs(endpoint, mcpTokens.bob);
      fake.service.setLatency(() => 2_000);
      const controller = new AbortController();
      const call = {
        jsonrpc: "2.0",
        id: 9,
        method: "tools/call",
        params: { name: "search_docs", arguments: { query: "vpn" } },
      };
      const pending =
        how === "close"
          ? client.callTool({ name: "search_docs", arguments: { query: "vpn" } })
          : fetch(endpoint, {
              method: "POST",
              headers: {
                authorization: `Bearer ${mcpTokens.bob}`,
                "content-type": "application/json",
                accept: "application/json, text/event-stream",
              },
              body: JSON.stringify(call),
              signal: controller.signal,
            });
      setTimeout(() => void (how === "close" ? client.close() : controller.abort()), 150);
      await Promise.allSettled([pending]);
      // Over stateless HTTP a call is cancelled by its connection closing (a notifications/cancelled
      // arrives on another request, with no session to find the call by).
      await expect
        .poll(() => traces.map((trace) => trace.status), { timeout: 1_500 })
        .toEqual(["aborted"]);
    },
  );

  it("is misconfigured without a way to find each user's credentials", () => {
    const docs = createTestDocsSearch(fake.service);
    const attempts = [
      { auth: testAuth },
      {},
      { caller: { token: fake.service.tokens.everything } },
      { caller: { token: fake.service.tokens.everything }, allowedHosts: [] },
    ];
    for (const options of attempts) {
      const failure = (() => {
        try {
          createDocsMcpHandler(docs, options as DocsMcpHandlerOptions);
        } catch (error) {
          return error;
        }
      })();
      expect(ConfigurationError.isInstance(failure)).toBe(true);
    }
  });

  it("a fixed caller without usable credentials is refused when the handler is built", () => {
    const docs = createTestDocsSearch(fake.service);
    for (const caller of [{ token: "" }, { token: "two\nlines" }, { headers: {} }]) {
      expect(() =>
        createDocsMcpHandler(docs, { caller, allowedHosts: ["127.0.0.1:3333"] }),
      ).toThrow(/caller/);
    }
  });
});
