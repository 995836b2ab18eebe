import { describe, expect, it } from "vitest";
import { docsConfigFromEnvironment } from "../config/docs-config-from-environment.js";
import { fetchBlockedPort } from "./fetch-blocked-port.js";

describe("ports fetch refuses", () => {
  it("are told apart from every other port", () => {
    expect(fetchBlockedPort(new URL("http://127.0.0.1:6000"))).toBe(6000);
    expect(fetchBlockedPort(new URL("http://127.0.0.1:6001"))).toBeUndefined();
    expect(fetchBlockedPort(new URL("https://search.example.com"))).toBeUndefined();
  });

  it("are refused when the environment configures one, in one line", () => {
    expect(() =>
      docsConfigFromEnvironment({
        SEARCH_DOCS_BASE_URL: "http://127.0.0.1:6000",
        SEARCH_DOCS_TOKEN: "t",
        SEARCH_DOCS_AREAS: '{"runbooks":["c1"]}',
      }),
    ).toThrow(/port 6000 is one fetch refuses/);
  });
});
