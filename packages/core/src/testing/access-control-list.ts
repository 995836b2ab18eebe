/**
 * What one token may read. Entries are area names or collection ids; `allow` omitted means
 * everything, and `deny` wins over `allow`.
 */
export interface AccessRule {
  allow?: string[];
  deny?: string[];
}

/** Access rules by bearer token. */
export type AccessControlList = Record<string, AccessRule>;

/** The tokens of the default access control list, by the role they play in tests. */
export interface DefaultTokens {
  /** Reads every collection. */
  everything: string;
  /** Reads everything except the `policies` area. */
  noPolicies: string;
  /** Reads only the `runbooks` area. */
  runbooksOnly: string;
}

// Readable on purpose: they show up in test failures and recorded requests.
export const defaultTokens: Readonly<DefaultTokens> = Object.freeze({
  everything: "fake-token-everything",
  noPolicies: "fake-token-no-policies",
  runbooksOnly: "fake-token-runbooks-only",
});

export const defaultAccessControlList: Readonly<AccessControlList> = Object.freeze({
  [defaultTokens.everything]: {},
  [defaultTokens.noPolicies]: { deny: ["policies"] },
  [defaultTokens.runbooksOnly]: { allow: ["runbooks"] },
});

/** Whether a rule lets its token read a collection. */
export function canRead(rule: AccessRule, collection: { id: string; area: string }): boolean {
  const names = (entries: string[] | undefined) =>
    entries?.some((entry) => entry === collection.id || entry === collection.area) ?? false;
  if (names(rule.deny)) return false;
  return rule.allow === undefined || names(rule.allow);
}
