import { describe, expect, it } from "vitest";
import { defaultRetryPolicy } from "./retry-policy.js";
import { statusMeaning } from "./status-table.js";

const { transientStatusCodes } = defaultRetryPolicy;

describe("statusMeaning", () => {
  it.each([
    [400, "rejected"],
    [401, "unauthorized"],
    [403, "forbidden"],
    [404, "not_found"],
    [409, "conflict"],
    [408, "transient"],
    [429, "transient"],
    [500, "transient"],
    [502, "transient"],
    [503, "transient"],
    [504, "transient"],
    [418, "unexpected"],
    [501, "unexpected"],
    [302, "unexpected"],
  ] as const)("%i is %s under the default policy", (status, meaning) => {
    expect(statusMeaning(status, transientStatusCodes)).toBe(meaning);
  });

  it("the policy decides which other statuses are transient", () => {
    expect(statusMeaning(501, [501])).toBe("transient");
    expect(statusMeaning(429, [])).toBe("unexpected");
  });

  it("a policy cannot make 403, 404 or 409 transient: the wire fixes what they mean", () => {
    expect(statusMeaning(403, [403, 404, 409])).toBe("forbidden");
    expect(statusMeaning(404, [403, 404, 409])).toBe("not_found");
    expect(statusMeaning(409, [403, 404, 409])).toBe("conflict");
  });
});
