import { createServer } from "node:net";
import { describe, expect, it } from "vitest";
import type { AttemptDetails, BackendAttempt } from "../backend/search-backend.js";
import { createDocsSearch } from "../create-docs-search.js";
import { defaultLimits } from "../limits.js";
import { networkCause } from "./network-cause.js";
import { sendRequest } from "./send-request.js";

function attemptFor(details: AttemptDetails[] = []): BackendAttempt {
  return {
    caller: { token: "t" },
    signal: AbortSignal.timeout(5000),
    limits: defaultLimits,
    timeLeftMs: () => 5000,
    annotate: (next) => details.push(next),
  };
}

/** A port nothing listens on: bound, then closed. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe("sendRequest: a network error names its cause", () => {
  it("a refused connection says so, with its code", async () => {
    const port = await closedPort();
    const details: AttemptDetails[] = [];
    const answer = await sendRequest(
      { method: "GET", url: `http://127.0.0.1:${port}/x`, headers: {}, urlTemplate: "/x" },
      attemptFor(details),
      { fetch: globalThis.fetch },
    );
    expect(answer).toEqual({
      kind: "transient",
      reason: "network error (connection refused: ECONNREFUSED)",
    });
    expect(details).toContainEqual({ status: "network" });
  });

  it("reaches the trace and the failures an app reads", async () => {
    const port = await closedPort();
    const docs = createDocsSearch({
      baseUrl: `http://127.0.0.1:${port}`,
      areas: { a: ["c"] },
      retry: { transientAttempts: 1 },
    });
    const { output, trace } = await docs.search({ query: "x" }, { caller: { token: "t" } });
    expect(output.status).toBe("unavailable");
    expect(trace.failures).toMatchObject([
      { kind: "network", reason: expect.stringContaining("connection refused: ECONNREFUSED") },
    ]);
  });

  it("a port fetch refuses is named too", async () => {
    const answer = await sendRequest(
      { method: "GET", url: "http://127.0.0.1:6000/x", headers: {}, urlTemplate: "/x" },
      attemptFor(),
      { fetch: globalThis.fetch },
    );
    expect(answer).toMatchObject({
      kind: "transient",
      reason: expect.stringContaining("BAD_PORT"),
    });
  });

  it("a certificate no trusted CA signed says where a private CA goes", () => {
    for (const code of [
      "UNABLE_TO_VERIFY_LEAF_SIGNATURE",
      "SELF_SIGNED_CERT_IN_CHAIN",
      "DEPTH_ZERO_SELF_SIGNED_CERT",
      "UNABLE_TO_GET_ISSUER_CERT_LOCALLY",
    ]) {
      expect(networkCause(new TypeError("fetch failed", { cause: { code } }))).toBe(
        ` (TLS certificate not trusted; a private CA goes in NODE_EXTRA_CA_CERTS: ${code})`,
      );
    }
    expect(networkCause({ cause: { code: "ERR_TLS_CERT_ALTNAME_INVALID" } })).toBe(
      " (TLS error: ERR_TLS_CERT_ALTNAME_INVALID)",
    );
  });
});
