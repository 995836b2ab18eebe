import { describe, expect, it } from "vitest";
import { canRead, defaultAccessControlList, defaultTokens } from "./access-control-list.js";

describe("canRead", () => {
  const runbooks = { id: "11111111-1111-5111-8111-111111111111", area: "runbooks" };
  const policies = { id: "22222222-2222-5222-8222-222222222222", area: "policies" };

  it("allows everything when allow is omitted", () => {
    expect(canRead({}, runbooks)).toBe(true);
  });

  it("matches areas and collection ids, with deny winning", () => {
    expect(canRead({ allow: ["runbooks"] }, runbooks)).toBe(true);
    expect(canRead({ allow: ["runbooks"] }, policies)).toBe(false);
    expect(canRead({ allow: [policies.id] }, policies)).toBe(true);
    expect(canRead({ deny: [runbooks.id] }, runbooks)).toBe(false);
    expect(canRead({ allow: ["runbooks"], deny: ["runbooks"] }, runbooks)).toBe(false);
  });

  it("gives the default tokens their documented reach", () => {
    const rule = (token: string) => defaultAccessControlList[token] ?? { allow: [] };
    expect(canRead(rule(defaultTokens.everything), policies)).toBe(true);
    expect(canRead(rule(defaultTokens.noPolicies), policies)).toBe(false);
    expect(canRead(rule(defaultTokens.noPolicies), runbooks)).toBe(true);
    expect(canRead(rule(defaultTokens.runbooksOnly), runbooks)).toBe(true);
    expect(canRead(rule(defaultTokens.runbooksOnly), policies)).toBe(false);
  });
});
