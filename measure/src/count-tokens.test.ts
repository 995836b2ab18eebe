import { describe, expect, it } from "vitest";
import { countTokens } from "./count-tokens.ts";

describe("countTokens", () => {
  it("counts o200k tokens of the JSON the model sees", () => {
    expect(countTokens("hello world")).toBe(2);
    const output = { results: [], more_matches_exist: false, status: "no_matches" };
    expect(countTokens(output)).toBe(countTokens(JSON.stringify(output)));
    expect(countTokens(output)).toBeGreaterThan(5);
  });
});
