import { describe, expect, it } from "vitest";
import { fetchBlockedPort } from "./fetch-blocked-port.js";

describe("ports fetch refuses", () => {
  it("are told apart from every other port", () => {
    expect(fetchBlockedPort(new URL("http://127.0.0.1:6000"))).toBe(6000);
    expect(fetchBlockedPort(new URL("http://127.0.0.1:6001"))).toBeUndefined();
    expect(fetchBlockedPort(new URL("https://search.example.com"))).toBeUndefined();
  });
});
