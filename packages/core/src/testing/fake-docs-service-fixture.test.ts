import { describe, expect, it } from "vitest";
import { fakeDocsServiceFixture } from "./fake-docs-service-fixture.js";

describe("fakeDocsServiceFixture", () => {
  it("a fixture's service is only there once started", () => {
    expect(() => fakeDocsServiceFixture().service).toThrow(/not started/);
  });
});
