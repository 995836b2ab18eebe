import fc from "fast-check";
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

  it("skips the decomposition only where it changes nothing: ASCII is its own NFKD", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary-ascii", maxLength: 60 }), (text) => {
        const decomposed = text.normalize("NFKD").replace(/[\u0300-\u036f]/g, "");
        expect(decomposed).toBe(text);
        expect(slugify(text)).toBe(slugify(`${text}\u0301`));
      }),
    );
    expect(slugify("Crème Brûlée")).toBe("creme-brulee");
  });
});
