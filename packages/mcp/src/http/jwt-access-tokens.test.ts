import type { RequestListener } from "node:http";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import {
  createTestDocsSearch,
  type FakeDocsService,
  startFakeDocsService,
} from "@search-docs/core/testing";
import { createLocalJWKSet, exportJWK, generateKeyPair, SignJWT } from "jose";
import { afterAll, beforeAll, expect, it } from "vitest";
import { jwtVerifier } from "../__fixtures__/jwt-verifier.js";
import { listen } from "../__fixtures__/listen.js";
import { createDocsMcpHandler } from "./create-docs-mcp-handler.js";
import { nodeRequestListener } from "./node-request-listener.js";

// Real signed JWTs through the README's verifier: what an authorization server would issue.
const issuer = "https://auth.example.com";
const resource = "https://docs-mcp.example.com/mcp";
let service: FakeDocsService;
let endpoint: string;
let close: () => Promise<void>;
let sign: (claims: Record<string, unknown>, expiresIn?: string) => Promise<string>;

beforeAll(async () => {
  service = await startFakeDocsService();
  const { privateKey, publicKey } = await generateKeyPair("ES256");
  const jwk = { ...(await exportJWK(publicKey)), kid: "k1", alg: "ES256" };
  sign = (claims, expiresIn = "5m") =>
    new SignJWT(claims)
      .setProtectedHeader({ alg: "ES256", kid: "k1" })
      .setIssuer(issuer)
      .setIssuedAt()
      .setExpirationTime(expiresIn)
      .sign(privateKey);
  let listener: RequestListener | undefined;
  const server = await listen((incoming, outgoing) => listener?.(incoming, outgoing));
  const handler = createDocsMcpHandler(createTestDocsSearch(service), {
    auth: {
      resource,
      authorizationServers: [issuer],
      verifier: jwtVerifier({ keys: createLocalJWKSet({ keys: [jwk] }), issuer }),
      requiredScopes: ["docs:read"],
    },
    // The user behind the token, mapped to their backend credentials (here: by subject).
    callerFor: (authInfo) => ({
      token:
        authInfo.extra?.user === "ops" ? service.tokens.everything : service.tokens.runbooksOnly,
    }),
    // Reached directly on 127.0.0.1, as behind a proxy: not the resource's host, so listed.
    allowedHosts: [`127.0.0.1:${server.port}`],
  });
  listener = nodeRequestListener(handler);
  endpoint = `${server.url}/mcp`;
  close = server.close;
});
afterAll(async () => {
  await close();
  await service.close();
});

async function search(token: string) {
  const client = new Client({ name: "jwt-client", version: "1.0.0" });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(endpoint), {
      requestInit: { headers: { authorization: `Bearer ${token}` } },
    }),
  );
  try {
    const result = await client.callTool({
      name: "search_docs",
      arguments: { query: "data retention policy" },
    });
    return result.structuredContent as { results: { area: string }[] };
  } finally {
    await client.close();
  }
}

function status(token: string) {
  return fetch(endpoint, {
    method: "POST",
    headers: {
      authorization: `Bearer ${token}`,
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
    },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
  }).then((response) => response.status);
}

it("a token for this server, with the scope, reads as the user it names", async () => {
  const ops = await sign({ sub: "ops", aud: resource, scope: "docs:read" });
  const intern = await sign({ sub: "intern", aud: resource, scope: "docs:read" });
  expect((await search(ops)).results.some((hit) => hit.area === "policies")).toBe(true);
  expect(new Set((await search(intern)).results.map((hit) => hit.area))).toEqual(
    new Set(["runbooks"]),
  );
});

it("refuses a token minted for another server, an expired one, one without the scope, a forged one", async () => {
  service.clearRequests();
  expect(
    await status(
      await sign({ sub: "ops", aud: "https://other.example.com/mcp", scope: "docs:read" }),
    ),
  ).toBe(401);
  expect(await status(await sign({ sub: "ops", aud: resource, scope: "docs:read" }, "-1m"))).toBe(
    401,
  );
  expect(await status(await sign({ sub: "ops", aud: resource, scope: "profile" }))).toBe(403);
  const { privateKey } = await generateKeyPair("ES256");
  const forged = await new SignJWT({ sub: "ops", aud: resource, scope: "docs:read" })
    .setProtectedHeader({ alg: "ES256", kid: "k1" })
    .setIssuer(issuer)
    .setExpirationTime("5m")
    .sign(privateKey);
  expect(await status(forged)).toBe(401);
  // Refused before any MCP message is read: nothing went upstream.
  expect(service.requests).toHaveLength(0);
});
