import { describe, expect, it } from "vitest";
import { ConfigurationError } from "../errors/configuration-error.js";
import { backendConfig } from "./backend-config.js";

// The registry's Elasticsearch/OpenSearch credentials: one of an API key, a bearer token, Basic
// or AWS SigV4 for one user's process; none read for a server of many users, and SigV4 with the
// process's own AWS credentials refused there.
const base = {
  SEARCH_DOCS_OPENSEARCH_URL: "https://search-docs.eu-west-1.es.amazonaws.com",
  SEARCH_DOCS_AREAS: '{"docs":["docs-*"]}',
};
const aws = {
  AWS_ACCESS_KEY_ID: "AKIDEXAMPLE",
  AWS_SECRET_ACCESS_KEY: "secret/example+key",
  AWS_SESSION_TOKEN: "session-token-example",
  AWS_REGION: "eu-west-1",
};
const read = (environment: Record<string, string>, mode: "one-user" | "per-request" = "one-user") =>
  backendConfig({ environment, mode });

function refusal(environment: Record<string, string>, mode?: "one-user" | "per-request") {
  try {
    read(environment, mode);
  } catch (error) {
    expect(ConfigurationError.isInstance(error)).toBe(true);
    const { message, option } = error as ConfigurationError;
    for (const secret of ["secret/example+key", "pa55word", "session-token-example"]) {
      expect(message).not.toContain(secret);
    }
    return { message, option };
  }
  throw new Error("expected a ConfigurationError");
}

describe("Elasticsearch and OpenSearch credentials from the registry", () => {
  it("Basic: a username and password become the one user's Basic caller", () => {
    const config = read({
      ...base,
      SEARCH_DOCS_OPENSEARCH_USERNAME: "alice",
      SEARCH_DOCS_OPENSEARCH_PASSWORD: "pa55word",
    });
    expect(config?.caller).toEqual({
      headers: { authorization: `Basic ${Buffer.from("alice:pa55word").toString("base64")}` },
    });
    expect(config?.credential).toBe("SEARCH_DOCS_OPENSEARCH_USERNAME");
    expect(config?.origin).not.toContain("alice");
  });

  it("Basic by the older spelling (SEARCH_DOCS_ELASTICSEARCH_* with FLAVOR=opensearch)", () => {
    const config = read({
      SEARCH_DOCS_ELASTICSEARCH_URL: base.SEARCH_DOCS_OPENSEARCH_URL,
      SEARCH_DOCS_ELASTICSEARCH_FLAVOR: "opensearch",
      SEARCH_DOCS_AREAS: base.SEARCH_DOCS_AREAS,
      SEARCH_DOCS_ELASTICSEARCH_USERNAME: "alice",
      SEARCH_DOCS_ELASTICSEARCH_PASSWORD: "pa55word",
    });
    expect(config?.engine).toBe("opensearch");
    expect(config?.credential).toBe("SEARCH_DOCS_OPENSEARCH_USERNAME");
  });

  it("AWS SigV4: the service, the standard AWS variables, and a caller with no authorization", () => {
    const config = read({ ...base, SEARCH_DOCS_OPENSEARCH_AWS_SERVICE: "aoss", ...aws });
    expect(config?.check).toEqual({
      engine: "opensearch",
      url: base.SEARCH_DOCS_OPENSEARCH_URL,
      auth: {
        aws: {
          service: "aoss",
          region: "eu-west-1",
          credentials: {
            accessKeyId: "AKIDEXAMPLE",
            secretAccessKey: "secret/example+key",
            sessionToken: "session-token-example",
          },
        },
      },
    });
    expect(config?.caller).toEqual({ headers: { "x-opaque-id": "search-docs" } });
    expect(config?.credential).toBe("AWS_ACCESS_KEY_ID");
    const regionOnlyDefault = { ...aws, AWS_REGION: "", AWS_DEFAULT_REGION: "us-east-1" };
    const fallback = read({
      ...base,
      SEARCH_DOCS_OPENSEARCH_AWS_SERVICE: "es",
      ...regionOnlyDefault,
    });
    expect(fallback?.check).toMatchObject({
      auth: { aws: { service: "es", region: "us-east-1" } },
    });
  });

  it.each([
    [{ SEARCH_DOCS_OPENSEARCH_USERNAME: "alice" }, "SEARCH_DOCS_OPENSEARCH_PASSWORD"],
    [{ SEARCH_DOCS_OPENSEARCH_PASSWORD: "pa55word" }, "SEARCH_DOCS_OPENSEARCH_USERNAME"],
    [
      {
        SEARCH_DOCS_OPENSEARCH_API_KEY: "k",
        SEARCH_DOCS_OPENSEARCH_USERNAME: "alice",
        SEARCH_DOCS_OPENSEARCH_PASSWORD: "pa55word",
      },
      "SEARCH_DOCS_OPENSEARCH_USERNAME",
    ],
    [
      { SEARCH_DOCS_OPENSEARCH_API_KEY: "k", SEARCH_DOCS_OPENSEARCH_AWS_SERVICE: "es", ...aws },
      "SEARCH_DOCS_OPENSEARCH_AWS_SERVICE",
    ],
    [{ SEARCH_DOCS_OPENSEARCH_AWS_SERVICE: "s3", ...aws }, "SEARCH_DOCS_OPENSEARCH_AWS_SERVICE"],
    [{ SEARCH_DOCS_OPENSEARCH_AWS_SERVICE: "es" }, "AWS_ACCESS_KEY_ID"],
    [{ SEARCH_DOCS_OPENSEARCH_AWS_SERVICE: "es", ...aws, AWS_REGION: "" }, "AWS_REGION"],
    [
      { SEARCH_DOCS_OPENSEARCH_AWS_SERVICE: "es", ...aws, AWS_SECRET_ACCESS_KEY: "" },
      "AWS_SECRET_ACCESS_KEY",
    ],
    [
      {
        SEARCH_DOCS_OPENSEARCH_USERNAME: "al:ice",
        SEARCH_DOCS_OPENSEARCH_PASSWORD: "pa55word",
      },
      "SEARCH_DOCS_OPENSEARCH_USERNAME",
    ],
    [{}, "SEARCH_DOCS_OPENSEARCH_API_KEY"],
  ])("one user: %j is refused, naming %s and no value", (more, option) => {
    expect(refusal({ ...base, ...more }).option).toBe(option);
  });

  it("a server of many users reads no credential, and refuses signing with the process's own", () => {
    const config = read(
      { ...base, SEARCH_DOCS_OPENSEARCH_USERNAME: "alice", SEARCH_DOCS_OPENSEARCH_PASSWORD: "x" },
      "per-request",
    );
    expect(config?.caller).toBeUndefined();
    const refused = refusal(
      { ...base, SEARCH_DOCS_OPENSEARCH_AWS_SERVICE: "es", ...aws },
      "per-request",
    );
    expect(refused.option).toBe("SEARCH_DOCS_OPENSEARCH_AWS_SERVICE");
    expect(refused.message).toMatch(/one scope for every user/);
  });
});
