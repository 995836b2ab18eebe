import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { indexAllowed, securedApiKey, securedKeyParameters } from "./secured-api-key.js";

describe("securedApiKey", () => {
  // The vector of Algolia's Java client test (APIClientTest / UtilsTest.secureKeys): parent key
  // 182634d8894831d5dbce3b3185c50881, tagFilters=(public,user1) percent-encoded.
  it("matches the official client's test vector", async () => {
    expect(
      await securedApiKey("182634d8894831d5dbce3b3185c50881", "tagFilters=%28public%2Cuser1%29"),
    ).toBe(
      "MDZkNWNjNDY4M2MzMDA0NmUyNmNkZjY5OTMzYjVlNmVlMTk1NTEwMGNmNTVjZmJhMmIwOTIzYjdjMTk2NTFiMnRhZ0ZpbHRlcnM9JTI4cHVibGljJTJDdXNlcjElMjk=",
    );
  });

  it("is base64 of the hex HMAC-SHA256 of the parameters with the parent key, then the parameters", async () => {
    const parameters = securedKeyParameters({
      filters: 'team:"payments" OR visibility:public',
      restrictIndices: ["docs", "docs_*"],
      userToken: "user-42",
      validUntil: 1906054106,
    });
    expect(parameters).toBe(
      "filters=team%3A%22payments%22%20OR%20visibility%3Apublic&restrictIndices=docs%2Cdocs_*&userToken=user-42&validUntil=1906054106",
    );
    const key = await securedApiKey("parent-search-key", parameters);
    const decoded = Buffer.from(key, "base64").toString("utf8");
    expect(decoded.slice(0, 64)).toBe(
      createHmac("sha256", "parent-search-key").update(parameters).digest("hex"),
    );
    expect(decoded.slice(64)).toBe(parameters);
    expect(key).not.toContain("parent-search-key");
  });

  it("reads restrictIndices patterns as Algolia does", () => {
    expect(indexAllowed(undefined, "docs")).toBe(true);
    expect(indexAllowed(["docs"], "docs")).toBe(true);
    expect(indexAllowed(["docs"], "docs_v2")).toBe(false);
    expect(indexAllowed(["docs_*"], "docs_v2")).toBe(true);
    expect(indexAllowed(["*_v2"], "docs_v2")).toBe(true);
    expect(indexAllowed(["*internal*"], "docs_internal_v2")).toBe(true);
  });
});
