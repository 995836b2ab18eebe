import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type SigV4VerifyingServer,
  startSigV4VerifyingServer,
} from "../__fixtures__/start-sigv4-verifying-server.js";
import { awsCredentialsFromEnvironment } from "./aws-credentials-from-environment.js";
import { signAwsFetch } from "./aws-signature-v4.js";

// Signed requests over real HTTP, checked by a server that computes the signature on its own
// (node:crypto, the raw request line and headers): what Amazon OpenSearch Service (`es`) and
// OpenSearch Serverless (`aoss`) do with an IAM principal's request.

const keys = { AKIDTESTREADER: "reader-secret/with+slash", AKIDTEMPORARY: "temporary-secret" };
const servers: Record<"es" | "aoss", SigV4VerifyingServer> = {} as never;

beforeAll(async () => {
  servers.es = await startSigV4VerifyingServer({ keys, region: "eu-west-1", service: "es" });
  servers.aoss = await startSigV4VerifyingServer({ keys, region: "eu-west-1", service: "aoss" });
});
afterAll(async () => {
  await servers.es.close();
  await servers.aoss.close();
});

const searchBody = JSON.stringify({ query: { match: { body: "rotate keys" } }, size: 20 });

async function signedSearch(
  service: "es" | "aoss",
  credentials: { accessKeyId: string; secretAccessKey: string; sessionToken?: string },
  tamper?: (init: RequestInit) => void,
  signAs: "es" | "aoss" = service,
) {
  // A wildcard, a comma and query parameters: the characters a search path really carries.
  const url = new URL(
    "/docs-onboarding-*,docs-runbooks/_search?allow_no_indices=true&ignore_unavailable=true&filter_path=hits.hits._source,took",
    servers[service].url,
  );
  const headers = await signAwsFetch(
    { method: "POST", url, headers: { "content-type": "application/json" }, body: searchBody },
    { credentials, region: "eu-west-1", service: signAs, now: new Date() },
  );
  const init: RequestInit = { method: "POST", headers, body: searchBody };
  tamper?.(init);
  return fetch(url, init);
}

describe("signAwsFetch against a server that verifies SigV4 itself", () => {
  for (const service of ["es", "aoss"] as const) {
    it(`${service}: a signed search verifies; a changed body, a wrong secret or a wrong service does not`, async () => {
      const reader = { accessKeyId: "AKIDTESTREADER", secretAccessKey: keys.AKIDTESTREADER };
      expect((await signedSearch(service, reader)).status).toBe(200);
      expect(servers[service].seen.at(-1)).toMatchObject({ verified: true, service });
      const changed = await signedSearch(service, reader, (init) => {
        init.body = searchBody.replace("rotate", "delete");
      });
      expect(changed.status).toBe(403);
      const wrongSecret = await signedSearch(service, { ...reader, secretAccessKey: "not-it" });
      expect(wrongSecret.status).toBe(403);
      expect(servers[service].seen.at(-1)).toMatchObject({ reason: "signature mismatch" });
      const otherService = service === "es" ? "aoss" : "es";
      expect((await signedSearch(service, reader, undefined, otherService)).status).toBe(403);
    });
  }

  it("temporary credentials from the standard AWS variables: the session token is sent and signed", async () => {
    const environment = {
      AWS_ACCESS_KEY_ID: "AKIDTEMPORARY",
      AWS_SECRET_ACCESS_KEY: keys.AKIDTEMPORARY,
      AWS_SESSION_TOKEN: "FwoGZXIvYXdzEXAMPLETOKEN==",
      AWS_REGION: "eu-west-1",
    };
    const found = awsCredentialsFromEnvironment(environment);
    expect(found?.region).toBe("eu-west-1");
    const response = await signedSearch("aoss", found?.credentials as never);
    expect(response.status).toBe(200);
    // Dropping the signed token breaks the signature: it is part of what was signed.
    const dropped = await signedSearch("aoss", found?.credentials as never, (init) => {
      const headers = { ...(init.headers as Record<string, string>) };
      delete headers["x-amz-security-token"];
      init.headers = headers;
    });
    expect(dropped.status).toBe(403);
  });

  it("half a key pair in the environment is an error naming the missing variable, never a value", () => {
    expect(awsCredentialsFromEnvironment({})).toBeUndefined();
    expect(() => awsCredentialsFromEnvironment({ AWS_ACCESS_KEY_ID: "AKIDONLY" })).toThrow(
      /AWS_SECRET_ACCESS_KEY is not set/,
    );
    try {
      awsCredentialsFromEnvironment({ AWS_SECRET_ACCESS_KEY: "s3cr3t-value" });
    } catch (error) {
      expect(String(error)).not.toContain("s3cr3t-value");
    }
  });
});
