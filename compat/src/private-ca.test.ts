import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:https";
import type { AddressInfo } from "node:net";
import { startFakeDocsService } from "@search-docs/core/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { repositoryRoot } from "./find-executable.ts";

// An engine behind a private CA (a company's own, a self-signed test cluster): Node trusts it
// through NODE_EXTRA_CA_CERTS, read when the process starts, so this runs the CLI as a child.
// Without it the call is `unavailable` with a TLS cause, never `no_matches`. The certificates in
// __fixtures__/tls are for tests only: a CA (its key discarded) and 127.0.0.1's certificate.
const tls = (name: string) =>
  readFileSync(new URL(`./__fixtures__/tls/${name}`, import.meta.url), "utf8");
const caPath = new URL("./__fixtures__/tls/ca.pem", import.meta.url).pathname;

let service: Awaited<ReturnType<typeof startFakeDocsService>>;
let proxy: Server;
let httpsUrl = "";

beforeAll(async () => {
  service = await startFakeDocsService();
  // TLS in front of the fake v2 service, with the private CA's certificate.
  proxy = createServer(
    { key: tls("server.key"), cert: tls("server.pem") },
    async (request, response) => {
      const upstream = await fetch(`${service.url}${request.url ?? "/"}`, {
        headers: { authorization: request.headers.authorization ?? "" },
      });
      response.writeHead(upstream.status, {
        "content-type": upstream.headers.get("content-type") ?? "application/json",
      });
      response.end(Buffer.from(await upstream.arrayBuffer()));
    },
  );
  await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
  httpsUrl = `https://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => proxy.close(resolve));
  await service.close();
});

function search(extra: Record<string, string>) {
  const environment: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    SEARCH_DOCS_BACKEND: "v2",
    SEARCH_DOCS_BASE_URL: httpsUrl,
    SEARCH_DOCS_TOKEN: service.tokens.everything,
    SEARCH_DOCS_AREAS: JSON.stringify(service.areas),
    ...extra,
  };
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile(
      process.execPath,
      ["packages/core/bin/search-docs.js", "rotate a service account key", "--json"],
      { cwd: repositoryRoot, env: environment, timeout: 60_000 },
      (error, stdout, stderr) =>
        resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

describe("an engine behind a private CA", () => {
  it("is trusted through NODE_EXTRA_CA_CERTS, and without it is unavailable with a TLS cause", async () => {
    const trusted = await search({ NODE_EXTRA_CA_CERTS: caPath });
    expect(trusted.stderr).not.toMatch(/Warning: Ignoring extra certs/);
    expect(trusted.code).toBe(0);
    expect(JSON.parse(trusted.stdout).output.status).toBe("ok");

    // Untrusted: always unavailable. On a loaded machine a cold process's first handshake can
    // outlast the call's deadline (then the trace says timeout): asked again, it names the cause.
    let reasons = "";
    for (let tries = 0; tries < 3 && !reasons.includes("TLS"); tries++) {
      const untrusted = await search({});
      expect(untrusted.code).toBe(3);
      const { output, trace } = JSON.parse(untrusted.stdout);
      expect(output.status).toBe("unavailable");
      reasons = JSON.stringify(trace.failures);
    }
    expect(reasons).toContain(
      "TLS certificate not trusted; a private CA goes in NODE_EXTRA_CA_CERTS: UNABLE_TO_VERIFY_LEAF_SIGNATURE",
    );
  }, 120_000);
});
