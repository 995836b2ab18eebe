import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { readTenantToken, searchRulesCover, tenantToken } from "./tenant-token.js";

describe("tenantToken", () => {
  // The tenant token guides' payload ("Generate tenant tokens without a library"): a JWT with the
  // header {"alg":"HS256","typ":"JWT"}, the payload {searchRules, apiKeyUid, exp}, signed HS256
  // (RFC 7515) with the API key. Checked here with node:crypto, independently of Web Crypto.
  it("is an HS256 JWT of searchRules, apiKeyUid and exp, signed with the parent key", async () => {
    const token = await tenantToken({
      parentKey: "search-key-of-the-app",
      apiKeyUid: "at5cd97d-5a4b-4226-a868-2d0eb6d197ab",
      searchRules: { INDEX_NAME: { filter: "attribute = value" } },
      expiresAt: 1646756934,
    });
    const [header, payload, signature] = token.split(".");
    expect(JSON.parse(Buffer.from(header ?? "", "base64url").toString())).toEqual({
      alg: "HS256",
      typ: "JWT",
    });
    expect(JSON.parse(Buffer.from(payload ?? "", "base64url").toString())).toEqual({
      searchRules: { INDEX_NAME: { filter: "attribute = value" } },
      apiKeyUid: "at5cd97d-5a4b-4226-a868-2d0eb6d197ab",
      exp: 1646756934,
    });
    expect(signature).toBe(
      createHmac("sha256", "search-key-of-the-app")
        .update(`${header}.${payload}`)
        .digest("base64url"),
    );
    expect(token).not.toMatch(/[=+/]/);
    expect(token).not.toContain("search-key-of-the-app");
  });

  // RFC 7515 appendix A.1's signing input and key are not of this payload's shape; the encoding
  // checks that matter are base64url without padding, which a 1-byte and 2-byte tail exercise.
  it("writes base64url without padding whatever the payload's length", async () => {
    for (const uid of ["a", "ab", "abc"]) {
      const token = await tenantToken({
        parentKey: "k",
        apiKeyUid: uid,
        searchRules: ["docs"],
        expiresAt: 1,
      });
      expect(token.split(".")[1]).not.toContain("=");
      expect(readTenantToken(token)).toEqual({ exp: 1, searchRules: ["docs"] });
    }
  });

  it("reads a token's claims and which indexes its rules name", () => {
    expect(readTenantToken("a-plain-api-key")).toBeUndefined();
    expect(searchRulesCover({ "*": {} }, "docs")).toBe(true);
    expect(searchRulesCover({ "docs_*": null }, "docs_v2")).toBe(true);
    expect(searchRulesCover(["docs"], "internal")).toBe(false);
  });
});
