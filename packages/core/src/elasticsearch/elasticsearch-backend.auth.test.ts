import {
  type FakeElasticsearch,
  sampleElasticsearchIndices,
  startFakeElasticsearch,
} from "@search-docs/test-servers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type SigV4VerifyingServer,
  startSigV4VerifyingServer,
} from "../__fixtures__/start-sigv4-verifying-server.js";
import type { Caller } from "../contract/caller.js";
import { createDocsSearch } from "../create-docs-search.js";
import { ConfigurationError } from "../errors/configuration-error.js";
import {
  basicCaller,
  type ElasticsearchAwsSigning,
  signedProcessCaller,
} from "./elasticsearch-auth.js";
import { elasticsearchBackend } from "./elasticsearch-backend.js";

// Real auth end to end, through createDocsSearch: AWS SigV4 checked by a server that computes the
// signature itself (node:crypto, the raw request) in front of the fake cluster, which it reaches
// as the principal's mapped user (fine-grained access control); Basic decoded by the fake
// cluster itself. Nothing here trusts the signer under test.

const secrets = { AKIDRUNBOOKS: "runbooks-secret/with+slash", AKIDPOLICIES: "policies-secret" };
const sessionToken = "FwoGZXIvYXdzEXAMPLESESSIONTOKEN==";
const region = "eu-west-1";
let cluster: FakeElasticsearch;
const verifiers: Partial<Record<"es" | "aoss", SigV4VerifyingServer>> = {};

beforeAll(async () => {
  cluster = await startFakeElasticsearch({
    indices: sampleElasticsearchIndices(),
    users: {
      "ApiKey runbooks-role": { name: "runbooks-role", read: ["docs-runbooks"] },
      "ApiKey policies-role": { name: "policies-role", read: ["docs-policies"] },
      "ApiKey direct-key": { name: "direct", read: ["docs-*"] },
      basic: { name: "alice", password: "correct horse:battery", read: ["docs-onboarding"] },
    },
  });
  for (const service of ["es", "aoss"] as const) {
    verifiers[service] = await startSigV4VerifyingServer({
      keys: secrets,
      region,
      service,
      upstream: {
        url: cluster.url,
        authorizationFor: {
          AKIDRUNBOOKS: "ApiKey runbooks-role",
          AKIDPOLICIES: "ApiKey policies-role",
        },
      },
    });
  }
});
afterAll(async () => {
  await verifiers.es?.close();
  await verifiers.aoss?.close();
  await cluster?.close();
});

const areas = { runbooks: ["docs-runbooks"], policies: ["docs-policies"] };
const runbooksKey = { accessKeyId: "AKIDRUNBOOKS", secretAccessKey: secrets.AKIDRUNBOOKS };

function signedDocs(service: "es" | "aoss", credentials: ElasticsearchAwsSigning["credentials"]) {
  return createDocsSearch({
    backend: elasticsearchBackend({
      url: (verifiers[service] as SigV4VerifyingServer).url,
      flavor: "opensearch",
      auth: { aws: { service, region, credentials } },
    }),
    areas,
    retry: { transientAttempts: 1 },
  });
}

describe("AWS SigV4 through createDocsSearch, verified independently", () => {
  for (const service of ["es", "aoss"] as const) {
    it(`${service}: search and get_document signed; the body's own hash in x-amz-content-sha256`, async () => {
      const verifier = verifiers[service] as SigV4VerifyingServer;
      const docs = signedDocs(service, { ...runbooksKey, sessionToken });
      const before = verifier.seen.length;
      const { output } = await docs.search(
        { query: "rotate a service account key", area: "runbooks" },
        { caller: signedProcessCaller },
      );
      expect(output.status).toBe("ok");
      expect(output.results[0]?.title).toBe("Service account key rotation");
      const read = await docs.getDocument(
        { ref: output.results[0]?.ref as string },
        { caller: signedProcessCaller },
      );
      expect(read.output.status).toBe("ok");
      const seen = verifier.seen.slice(before);
      expect(seen.length).toBeGreaterThanOrEqual(2);
      expect(seen.every((request) => request.verified && request.service === service)).toBe(true);
      // What reached the cluster: the body whose hash was signed, and no AWS credential.
      const forwarded = cluster.requests.at(-1);
      expect(forwarded?.headers.authorization).toBe("ApiKey runbooks-role");
      expect(JSON.stringify(forwarded?.headers)).not.toContain("AWS4-HMAC");
      expect(JSON.parse(forwarded?.body ?? "{}")).toHaveProperty("query.bool.filter");
    });

    it(`${service}: a wrong secret is the endpoint's 403, unauthorized (never no_matches), the secret nowhere`, async () => {
      const docs = signedDocs(service, { ...runbooksKey, secretAccessKey: "wrong-secret-value" });
      const { output, trace } = await docs.search(
        { query: "rotate a service account key" },
        { caller: signedProcessCaller },
      );
      expect(output.status).toBe("unavailable");
      expect(trace.requests.every((request) => request.status === 403)).toBe(true);
      // The signature refused: the credentials (unauthorized), so the app may refresh them.
      expect(trace.failures.map((failure) => failure.kind)).toEqual([
        "unauthorized",
        "unauthorized",
      ]);
      expect(verifiers[service]?.seen.at(-1)).toMatchObject({ reason: "signature mismatch" });
      const said = JSON.stringify({ output, trace });
      for (const secret of ["wrong-secret-value", secrets.AKIDRUNBOOKS]) {
        expect(said).not.toContain(secret);
      }
    });
  }

  it("per caller: each user's own credentials, read per call, reach only that user's indices", async () => {
    const keysOf: Record<string, { accessKeyId: string; secretAccessKey: string }> = {
      runbooks: runbooksKey,
      policies: { accessKeyId: "AKIDPOLICIES", secretAccessKey: secrets.AKIDPOLICIES },
    };
    const docs = signedDocs("aoss", (caller: Caller) => {
      const user = "headers" in caller ? caller.headers["x-docs-user"] : undefined;
      const keys = user === undefined ? undefined : keysOf[user];
      if (keys === undefined) throw new Error(`no credentials for ${secrets.AKIDPOLICIES}`);
      return keys;
    });
    const areasOf = async (user: string) => {
      const { output, trace } = await docs.search(
        { query: "policy key rotation access" },
        { caller: { headers: { "x-docs-user": user } } },
      );
      return { areas: [...new Set(output.results.map((result) => result.area))], trace };
    };
    expect((await areasOf("runbooks")).areas).toEqual(["runbooks"]);
    expect((await areasOf("policies")).areas).toEqual(["policies"]);
    // A function that throws: unavailable, its message (which held a secret) kept out of the trace.
    const failed = await areasOf("mallory");
    expect(failed.areas).toEqual([]);
    expect(JSON.stringify(failed.trace)).not.toContain(secrets.AKIDPOLICIES);
    expect(JSON.stringify(failed.trace)).toContain("auth.aws.credentials failed for this caller");
  });

  it("a caller's own authorization wins: sent as given, not signed", async () => {
    const docs = createDocsSearch({
      backend: elasticsearchBackend({
        url: cluster.url,
        auth: { aws: { service: "es", region, credentials: runbooksKey } },
      }),
      areas,
    });
    const { output } = await docs.search(
      { query: "access policy" },
      { caller: { headers: { authorization: "ApiKey direct-key" } } },
    );
    expect(output.status).toBe("ok");
    const sent = cluster.requests.at(-1)?.headers;
    expect(sent?.authorization).toBe("ApiKey direct-key");
    expect(sent?.["x-amz-date"]).toBeUndefined();
  });

  it("refuses a bad auth option naming the field, never the value", () => {
    const build = (aws: object) => () =>
      elasticsearchBackend({ url: cluster.url, auth: { aws } as never });
    expect(build({ service: "s3", region, credentials: runbooksKey })).toThrow(
      /auth\.aws\.service/,
    );
    expect(build({ service: "es", region: "Europe", credentials: runbooksKey })).toThrow(
      /auth\.aws\.region/,
    );
    const blank = build({ service: "es", region, credentials: { accessKeyId: "AKID" } });
    expect(blank).toThrow(ConfigurationError);
    expect(blank).toThrow(/auth\.aws\.credentials\.secretAccessKey/);
    try {
      build({ service: "es", region, credentials: { ...runbooksKey, accessKeyId: "A K" } })();
    } catch (error) {
      expect(String(error)).not.toContain(secrets.AKIDRUNBOOKS);
    }
  });
});

describe("Basic through createDocsSearch, decoded by the cluster", () => {
  const docs = () =>
    createDocsSearch({
      backend: elasticsearchBackend({ url: cluster.url }),
      areas: { onboarding: ["docs-onboarding"], policies: ["docs-policies"] },
    });

  it("a username and password sign in as that user: its index answers, the other is omitted", async () => {
    const caller = basicCaller({ username: "alice", password: "correct horse:battery" });
    const { output, trace } = await docs().search({ query: "your first day" }, { caller });
    expect(output.status).toBe("ok");
    expect(output.results.every((result) => result.area === "onboarding")).toBe(true);
    expect(trace.omitted.map((omission) => omission.collectionId)).toEqual(["docs-policies"]);
    expect(cluster.requests.at(-1)?.headers.authorization).toMatch(/^Basic /);
  });

  it("a wrong password is 401, unauthorized, and the password appears nowhere", async () => {
    const caller = basicCaller({ username: "alice", password: "wrong horse" });
    const { output, trace } = await docs().search({ query: "your first day" }, { caller });
    expect(output.status).toBe("unavailable");
    expect(trace.failures.map((failure) => failure.kind)).toEqual(["unauthorized", "unauthorized"]);
    const said = JSON.stringify({ output, trace });
    expect(said).not.toContain("wrong horse");
    expect(said).not.toContain(Buffer.from("alice:wrong horse").toString("base64"));
  });

  it("a username with a colon is refused before any request, naming the field", () => {
    expect(() => basicCaller({ username: "al:ice", password: "x" })).toThrow(
      expect.objectContaining({ option: "auth.username" }),
    );
  });
});
