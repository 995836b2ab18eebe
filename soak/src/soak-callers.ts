import { type AccessRule, collectionIdFor } from "@search-docs/core/testing";
import { pickWeighted } from "./pick-weighted.ts";

/** Who calls: end users with different access, each with their own token. */
export const roles = {
  everything: {},
  "no-policies": { deny: ["policies"] },
  "runbooks-only": { allow: ["runbooks"] },
  // By single collection, not only by area.
  "half-api": { allow: [collectionIdFor("api-reference", 0), "onboarding"] },
  nothing: { allow: [] },
} as const satisfies Record<string, AccessRule>;

export type Role = keyof typeof roles;

const roleWeights: readonly (readonly [Role, number])[] = [
  ["everything", 35],
  ["no-policies", 20],
  ["runbooks-only", 20],
  ["half-api", 15],
  ["nothing", 10],
];

export interface SoakCaller {
  role: Role;
  /** Looks like a credential on purpose: the leak scan looks for `sk-soak-`. */
  token: string;
}

/** A token that no output, trace or error message may ever contain. */
export const credentialPattern = /sk-soak-|bearer\s+sk-/i;

/** One caller per call (so the fake service's request log tells calls apart), by role weight. */
export function makeCallers(count: number, random: () => number, prefix: string): SoakCaller[] {
  return Array.from({ length: count }, (_, index) => {
    const role = pickWeighted(random, roleWeights);
    const secret = Math.floor(random() * 2 ** 32).toString(36);
    return { role, token: `sk-soak-${role}-${prefix}${index.toString(36)}x${secret}` };
  });
}

/** The fake service's access list for these callers. */
export function accessList(callers: readonly SoakCaller[]): Record<string, AccessRule> {
  return Object.fromEntries(
    callers.map((caller) => [caller.token, roles[caller.role] as AccessRule]),
  );
}

/** The collections a role may read, worked out here rather than asked of the service. */
export function readableCollections(
  role: Role,
  areas: Readonly<Record<string, readonly string[]>>,
): Set<string> {
  const rule: AccessRule = roles[role];
  const readable = new Set<string>();
  for (const [area, collectionIds] of Object.entries(areas)) {
    for (const collectionId of collectionIds) {
      const named = (entries: readonly string[] | undefined) =>
        entries?.some((entry) => entry === area || entry === collectionId) ?? false;
      if (!named(rule.deny) && (rule.allow === undefined || named(rule.allow))) {
        readable.add(collectionId);
      }
    }
  }
  return readable;
}
