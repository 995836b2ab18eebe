import { describe, expect, test } from "vitest";
import { callerFromRequest } from "./caller-from-request";

const request = (headers: Record<string, string>) =>
  new Request("http://127.0.0.1/api/chat", { method: "POST", headers });

describe("callerFromRequest", () => {
  test("takes the bearer token of the Authorization header", () => {
    expect(callerFromRequest(request({ authorization: "Bearer abc.def" }))).toEqual({
      token: "abc.def",
    });
  });

  test("takes the session cookie among others, decoded", () => {
    const cookie = "theme=dark; search_docs_session=token%20one; other=1";
    expect(callerFromRequest(request({ cookie }))).toEqual({ token: "token one" });
  });

  test("prefers the Authorization header to the cookie", () => {
    const headers = { authorization: "bearer from-header", cookie: "search_docs_session=cookie" };
    expect(callerFromRequest(request(headers))).toEqual({ token: "from-header" });
  });

  test("refuses a malformed Authorization header instead of falling back to the cookie", () => {
    const headers = { authorization: "Basic dXNlcjpwYXNz", cookie: "search_docs_session=cookie" };
    expect(callerFromRequest(request(headers))).toBeUndefined();
  });

  test("is undefined without credentials, or with an empty or undecodable cookie", () => {
    expect(callerFromRequest(request({}))).toBeUndefined();
    expect(callerFromRequest(request({ cookie: "search_docs_session=" }))).toBeUndefined();
    expect(callerFromRequest(request({ cookie: "search_docs_session=%E0%A4%A" }))).toBeUndefined();
    expect(callerFromRequest(request({ cookie: "xsearch_docs_session=1" }))).toBeUndefined();
  });
});
