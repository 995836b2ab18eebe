import { describe, expect, it } from "vitest";
import { createFakeClock } from "../testing/fake-clock.js";
import { type CredentialMinting, mintingGrant, restrictionsOf } from "./credential-minting.js";

interface Restrictions {
  filter: string;
  expiry?: number;
}

function minting(
  restrictionsFor: CredentialMinting<Restrictions>["restrictionsFor"],
): CredentialMinting<Restrictions> {
  return { parentKey: "parent-key-never-shown", restrictionsFor };
}

const clock = createFakeClock({ epochMs: 1_800_000_000_500 });
const terms = {
  lifetimeSeconds: 300,
  clock,
  expiryOf: (restrictions: Restrictions) => restrictions.expiry,
};

describe("mintingGrant", () => {
  it("expires a credential the lifetime after now (whole epoch seconds) unless the restrictions say when", async () => {
    const mint = minting((caller) =>
      "token" in caller && caller.token === "ana"
        ? { filter: "team:a" }
        : { filter: "team:b", expiry: 1_900_000_000 },
    );
    expect(await mintingGrant(mint, { token: "ana" }, terms)).toEqual({
      restrictions: { filter: "team:a" },
      expiresAt: 1_800_000_300,
    });
    expect(await mintingGrant(mint, { token: "bo" }, terms)).toEqual({
      restrictions: { filter: "team:b", expiry: 1_900_000_000 },
      expiresAt: 1_900_000_000,
    });
  });

  it("is unauthorized, minting nothing, when restrictionsFor refuses the caller", async () => {
    const mint = minting(async () => undefined);
    expect(await mintingGrant(mint, { token: "eve" }, terms)).toEqual({
      kind: "unauthorized",
      reason: "restrictionsFor refused the caller",
    });
  });
});

describe("mintingGrant's scope", () => {
  it("is forbidden, naming the engine's restriction, when the restrictions do not cover the index", async () => {
    const mint = minting(() => ({ filter: "team:a" }));
    const scope = (covered: boolean) => ({ name: "searchRules", covers: () => covered });
    expect(await mintingGrant(mint, { token: "ana" }, { ...terms, scope: scope(false) })).toEqual({
      kind: "forbidden",
      reason: "index outside the caller's searchRules",
    });
    expect(await mintingGrant(mint, { token: "ana" }, { ...terms, scope: scope(true) })).toEqual({
      restrictions: { filter: "team:a" },
      expiresAt: 1_800_000_300,
    });
  });
});

describe("restrictionsOf", () => {
  it("rethrows what restrictionsFor throws with a fixed message, its own kept only as the cause", async () => {
    const thrown = new TypeError("user ana has key sk-secret-123");
    const mint = minting(() => {
      throw thrown;
    });
    const error = await restrictionsOf(mint, { token: "ana" }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toBe("mint.restrictionsFor threw TypeError");
    expect((error as Error).cause).toBe(thrown);
  });
});
