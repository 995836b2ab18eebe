import { describe, expect, it } from "vitest";
import { slugify } from "./slugify.js";

describe("slugify", () => {
  it("kebab-cases titles into ASCII", () => {
    expect(slugify("Key rotation runbook")).toBe("key-rotation-runbook");
    expect(slugify("Crème brûlée: Über-Policy (v2)")).toBe("creme-brulee-uber-policy-v2");
    expect(slugify("LedgerHighErrorRate")).toBe("ledger-high-error-rate");
    expect(slugify("  --  ")).toBe("");
  });

  it("keeps at most 48 characters, cut at a word", () => {
    const slug = slugify(
      "How to rotate every service account key in the production cluster safely",
    );
    expect(slug.length).toBeLessThanOrEqual(48);
    expect(slug).toBe("how-to-rotate-every-service-account-key-in-the");
  });
});
