import { describe, expect, it } from "vitest";
import { toTitle } from "./to-title.js";

describe("toTitle", () => {
  it("folds whitespace onto one line and drops control characters", () => {
    expect(toTitle("  Key\nrotation\t\u0007runbook  ")).toBe("Key rotation runbook");
  });

  it("cuts at 200 characters, never inside a surrogate pair", () => {
    expect(toTitle("a".repeat(500))).toHaveLength(200);
    const cut = toTitle(`${"a".repeat(199)}😀tail`);
    expect(cut).toBe("a".repeat(199));
  });
});
