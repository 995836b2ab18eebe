import {
  type FakeElasticsearch,
  sampleElasticsearchIndices,
  startFakeElasticsearch,
} from "@search-docs/test-servers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli } from "../__fixtures__/run-cli.js";
import {
  type SigV4VerifyingServer,
  startSigV4VerifyingServer,
} from "../__fixtures__/start-sigv4-verifying-server.js";

// `search-docs check` and `search-docs search` configured by the registry's variables alone:
// OpenSearch Serverless (aoss) with the standard AWS variables, every request (the Get mapping
// API's, the probe's, get_document's) signed and verified by a server that computes SigV4 itself,
// in front of the fake cluster; Basic with a username and password the cluster decodes.
const secret = "operator-secret/with+slash";
let cluster: FakeElasticsearch;
let verifier: SigV4VerifyingServer;

beforeAll(async () => {
  cluster = await startFakeElasticsearch({
    flavor: "opensearch",
    indices: sampleElasticsearchIndices(),
    users: {
      "ApiKey operator-role": { name: "operator", read: ["*"], viewIndexMetadata: ["*"] },
      basic: { name: "alice", password: "pa55 word", read: ["docs-runbooks"] },
    },
  });
  verifier = await startSigV4VerifyingServer({
    keys: { AKIDOPERATOR: secret },
    region: "eu-west-1",
    service: "aoss",
    upstream: { url: cluster.url, authorizationFor: { AKIDOPERATOR: "ApiKey operator-role" } },
  });
});
afterAll(async () => {
  await verifier?.close();
  await cluster?.close();
});

const signed = (secretAccessKey: string) => ({
  SEARCH_DOCS_BACKEND: "opensearch",
  SEARCH_DOCS_OPENSEARCH_URL: verifier.url,
  SEARCH_DOCS_OPENSEARCH_AWS_SERVICE: "aoss",
  SEARCH_DOCS_AREAS: JSON.stringify({ runbooks: ["docs-runbooks"] }),
  AWS_ACCESS_KEY_ID: "AKIDOPERATOR",
  AWS_SECRET_ACCESS_KEY: secretAccessKey,
  AWS_SESSION_TOKEN: "operator-session-token",
  AWS_DEFAULT_REGION: "eu-west-1",
});

describe("the registry's AWS SigV4 and Basic, through the CLI", () => {
  it("aoss: check passes with every request signed and verified, the mapping read too", async () => {
    const before = verifier.seen.length;
    const { code, out, err } = await runCli(["check"], signed(secret));
    expect(out).toMatch(/✓ record layout +document_id is keyword, section sortable/);
    expect(out).toMatch(/✓ get_document answers/);
    expect(code).toBe(0);
    const seen = verifier.seen.slice(before);
    expect(seen.length).toBeGreaterThanOrEqual(3);
    expect(seen.every((request) => request.verified && request.service === "aoss")).toBe(true);
    expect(out + err).not.toContain(secret);
    expect(out + err).not.toContain("operator-session-token");
  });

  it("a wrong secret fails check (the endpoint's 403), naming the variable and no secret", async () => {
    const { code, out, err } = await runCli(["check"], signed("not-the-secret"));
    expect(code).toBe(7);
    expect(out).toMatch(/✗ credentials accepted +unauthorized: HTTP 403 AWS credentials refused/);
    expect(out).toContain("fix: set AWS_ACCESS_KEY_ID to");
    expect(out + err).not.toContain("not-the-secret");
  });

  it("Basic: search as the one user the variables name", async () => {
    const { code, out, err } = await runCli(["search", "rotate a service account key"], {
      SEARCH_DOCS_BACKEND: "opensearch",
      SEARCH_DOCS_OPENSEARCH_URL: cluster.url,
      SEARCH_DOCS_OPENSEARCH_USERNAME: "alice",
      SEARCH_DOCS_OPENSEARCH_PASSWORD: "pa55 word",
      SEARCH_DOCS_AREAS: JSON.stringify({ runbooks: ["docs-runbooks"] }),
    });
    expect(out).toContain("Service account key rotation");
    expect(code).toBe(0);
    expect(out + err).not.toContain("pa55 word");
    expect(cluster.requests.at(-1)?.headers.authorization).toMatch(/^Basic /);
  });
});
