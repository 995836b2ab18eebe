import { describe, expect, it } from "vitest";
import { ConfigurationError } from "../errors/configuration-error.js";
import { basicAuthorization } from "./basic-authorization.js";

describe("basicAuthorization", () => {
  it("is RFC 7617's header: base64 of username:password in UTF-8", () => {
    // RFC 7617 section 2's example: Aladdin / open sesame.
    expect(basicAuthorization({ username: "Aladdin", password: "open sesame" })).toBe(
      "Basic QWxhZGRpbjpvcGVuIHNlc2FtZQ==",
    );
    // Section 2.1's UTF-8 example: test / 123£.
    expect(basicAuthorization({ username: "test", password: "123\u00a3" })).toBe(
      "Basic dGVzdDoxMjPCow==",
    );
    // A colon in the password is fine: the first colon ends the username.
    expect(
      Buffer.from(
        basicAuthorization({ username: "elastic", password: "a:b" }).slice(6),
        "base64",
      ).toString(),
    ).toBe("elastic:a:b");
  });

  it("refuses a username with a colon or a line break, naming the field and never the value", () => {
    for (const username of ["ela:stic", "elastic\r\nX-Injected: 1", ""]) {
      let thrown: unknown;
      try {
        basicAuthorization({ username, password: "hunter2-secret" });
      } catch (error) {
        thrown = error;
      }
      expect(ConfigurationError.isInstance(thrown)).toBe(true);
      expect((thrown as ConfigurationError).option).toBe("auth.username");
      expect(String(thrown)).not.toContain("hunter2-secret");
    }
    expect(() => basicAuthorization({ username: "elastic", password: "pass\nword" })).toThrow(
      /password/,
    );
  });
});
