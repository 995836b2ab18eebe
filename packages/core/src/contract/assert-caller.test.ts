import { describe, expect, it } from "vitest";
import { InvalidInputError } from "../errors/invalid-input-error.js";
import { missingCredentialsError } from "../errors/missing-credentials-error.js";
import { assertCaller, hasCredentials } from "./assert-caller.js";

const fix = "pass { caller } when calling";
const sentence =
  "search_docs needs the end user's credentials (a caller with a non-empty token or headers): " +
  "pass { caller } when calling.";

describe("the caller check every adapter runs", () => {
  it.each([
    ["no caller", undefined],
    ["null", null],
    ["an empty object", {}],
    ["an empty token", { token: "" }],
    ["a blank token", { token: "  " }],
    ["a token that is not a string", { token: 42 }],
    ["no headers", { headers: {} }],
    ["only blank headers", { headers: { authorization: "" } }],
    ["a string", "Bearer abc"],
  ])("%s: the one sentence naming the fix", (_, caller) => {
    expect(hasCredentials(caller)).toBe(false);
    const failure = (() => {
      try {
        assertCaller(caller, "search_docs", fix);
      } catch (error) {
        return error;
      }
    })();
    expect(InvalidInputError.isInstance(failure)).toBe(true);
    expect((failure as InvalidInputError).field).toBe("caller");
    expect((failure as Error).message).toBe(sentence);
    expect(missingCredentialsError("search_docs", fix).message).toBe(sentence);
  });

  it("credentials that cannot be sent fail with core's error, which never holds the value", () => {
    const token = "secret-token\nInjected: 1";
    expect(hasCredentials({ token })).toBe(true);
    expect(() => assertCaller({ token }, "get_document", fix)).toThrow(
      "get_document: caller.token must be a non-empty string on one line.",
    );
    expect(() =>
      assertCaller({ headers: { authorization: "Bearer a", "x-key": 5 } }, "get_document", fix),
    ).toThrow(/caller\.headers\["x-key"\]/);
    // A blank token beside real headers still holds a credential: it must pass the presence
    // check (a framework echoing a failed check would echo the header), then fail as unsendable.
    const mixed = { token: "", headers: { authorization: "Bearer secret" } };
    expect(hasCredentials(mixed)).toBe(true);
    expect(() => assertCaller(mixed, "search_docs", fix)).toThrow(
      "search_docs: caller.token must be a non-empty string on one line.",
    );
  });

  it("usable credentials pass", () => {
    expect(() => assertCaller({ token: "abc" }, "search_docs", fix)).not.toThrow();
    expect(() =>
      assertCaller({ headers: { "x-api-key": "abc" } }, "search_docs", fix),
    ).not.toThrow();
  });
});
