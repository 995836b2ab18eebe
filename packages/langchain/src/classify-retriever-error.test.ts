import { describe, expect, it } from "vitest";
import { classifyRetrieverError } from "./classify-retriever-error.js";

const withStatus = (status: unknown, name = "APIError") =>
  Object.assign(new Error("raw body"), { name, status });

describe("classifyRetrieverError", () => {
  it.each([
    [401, { kind: "unauthorized" }],
    [403, { kind: "forbidden" }],
    [404, { kind: "failed", cause: "misconfigured" }],
    [408, { kind: "transient" }],
    [413, { kind: "failed", cause: "rejected" }],
    [429, { kind: "overloaded" }],
    [500, { kind: "transient" }],
    [503, { kind: "transient" }],
    [400, { kind: "failed", cause: "rejected" }],
    [422, { kind: "failed", cause: "rejected" }],
  ])("HTTP %i → %o", (status, expected) => {
    const { status: found, failure } = classifyRetrieverError(withStatus(status));
    expect(found).toBe(status);
    expect(failure).toEqual({
      ...expected,
      reason: `the retriever threw APIError (HTTP ${status})`,
    });
  });

  it("finds the status as statusCode, response.status, a numeric string, or on the cause", () => {
    expect(classifyRetrieverError({ statusCode: 403 }).failure.kind).toBe("forbidden");
    expect(classifyRetrieverError({ response: { status: 401 } }).failure.kind).toBe("unauthorized");
    expect(classifyRetrieverError({ status: "404" }).failure).toMatchObject({
      cause: "misconfigured",
    });
    expect(
      classifyRetrieverError(new Error("wrapped", { cause: { status: 429 } })).failure.kind,
    ).toBe("overloaded");
  });

  it("treats anything without a status (network, driver, bug) as transient", () => {
    for (const error of [
      new TypeError("fetch failed"),
      "a string",
      undefined,
      { status: 42 },
      { status: Number.NaN },
    ]) {
      expect(classifyRetrieverError(error).failure.kind).toBe("transient");
    }
  });

  it("keeps Retry-After for waits only, from plain headers or a Headers object", () => {
    const now = Date.parse("2026-05-04T00:00:00Z");
    const headersObject = Object.assign(new Error("x"), {
      status: 503,
      headers: new Headers({ "Retry-After": "3" }),
    });
    expect(classifyRetrieverError(headersObject, now).failure).toMatchObject({
      kind: "transient",
      retryAfterMs: 3000,
    });
    const dated = {
      response: { status: 429, headers: { "retry-after": "Mon, 04 May 2026 00:00:05 GMT" } },
    };
    expect(classifyRetrieverError(dated, now).failure).toMatchObject({
      kind: "overloaded",
      retryAfterMs: 5000,
    });
    const forbidden = { status: 403, headers: { "retry-after": "3" } };
    expect(classifyRetrieverError(forbidden, now).failure).not.toHaveProperty("retryAfterMs");
  });

  it("never lets the message or an odd name into the reason", () => {
    const leaky = Object.assign(new Error('Bearer sk-secret rejected: {"raw":1}'), {
      name: "Bearer sk-secret",
      status: 401,
    });
    const { failure } = classifyRetrieverError(leaky);
    expect(failure.reason).toBe("the retriever threw an error (HTTP 401)");
    expect(JSON.stringify(failure)).not.toContain("sk-secret");
  });
});
