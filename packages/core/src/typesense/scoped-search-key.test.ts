import { describe, expect, it } from "vitest";
import { importHmacKey } from "../backend-kit/web-crypto.js";
import { embeddedParametersJson, scopedSearchKey } from "./scoped-search-key.js";

describe("scopedSearchKey", () => {
  // The example of Typesense's API keys page ("Generate Scoped Search Key"), which its clients
  // test against: search key RN23GFr1s6jQ9kgSNg2O7fYcAUXU7127, company_id:124, expires_at 1906054106.
  it("matches the documented example", async () => {
    const json = embeddedParametersJson({ filter_by: "company_id:124", expires_at: 1906054106 });
    expect(json).toBe('{"filter_by":"company_id:124","expires_at":1906054106}');
    expect(await scopedSearchKey("RN23GFr1s6jQ9kgSNg2O7fYcAUXU7127", json)).toBe(
      "OW9DYWZGS1Q1RGdSbmo0S1QrOWxhbk9PL2kxbTU1eXA3bCthdmE5eXJKRT1STjIzeyJmaWx0ZXJfYnkiOiJjb21wYW55X2lkOjEyNCIsImV4cGlyZXNfYXQiOjE5MDYwNTQxMDZ9",
    );
  });

  it("embeds only the parent key's first four characters", async () => {
    const key = await scopedSearchKey("abcdSECRET-REST", '{"filter_by":"team:=a"}');
    const decoded = Buffer.from(key, "base64").toString("utf8");
    expect(decoded.slice(44, 48)).toBe("abcd");
    expect(decoded).not.toContain("SECRET");
  });

  it("gives the same key with the parent key imported once", async () => {
    const json = '{"filter_by":"company_id:124","expires_at":1906054106}';
    const parent = "RN23GFr1s6jQ9kgSNg2O7fYcAUXU7127";
    expect(await scopedSearchKey(parent, json, await importHmacKey(parent))).toBe(
      await scopedSearchKey(parent, json),
    );
  });
});
