import type { BackendAttempt, BackendFailure } from "../backend/search-backend.js";
import { callerHeaders, callerToken } from "../backend-kit/caller-headers.js";
import { type CredentialMinting, mintingGrant } from "../backend-kit/credential-minting.js";
import { isFailure } from "../backend-kit/malformed.js";
import type { SigningKey } from "../backend-kit/signing-key.js";
import type { Clock } from "../util/clock.js";
import {
  type MeilisearchRestrictions,
  readTenantToken,
  searchRulesCover,
  tenantToken,
} from "./tenant-token.js";

/** An attempt's headers and whether we minted its credential; or a failure before sending. */
export type MeilisearchCredentials = (
  attempt: BackendAttempt,
  index: string,
) => Promise<{ headers: Record<string, string>; minted: boolean } | BackendFailure>;

/**
 * The caller's key as given (its `token` as the Bearer key, or its `headers`), or, with `mint`,
 * a tenant token minted for the caller on every call.
 */
export function meilisearchCredentials(
  mint: (CredentialMinting<MeilisearchRestrictions> & { apiKeyUid: string }) | undefined,
  { parentKey, lifetimeSeconds, signingKey }: SigningKey,
  clock: Pick<Clock, "epochMs">,
): MeilisearchCredentials {
  return async (attempt, index): ReturnType<MeilisearchCredentials> => {
    if (mint === undefined || parentKey === undefined) {
      return { headers: callerHeaders(attempt.caller), minted: false };
    }
    const grant = await mintingGrant(mint, attempt.caller, {
      lifetimeSeconds,
      clock,
      expiryOf: (given) => given.expiresAt,
      // Outside this user's search rules Meilisearch would answer invalid_api_key: this user may
      // not read the index, and that, unlike an expired token, we know for sure.
      scope: { name: "searchRules", covers: (given) => searchRulesCover(given.searchRules, index) },
    });
    if (isFailure(grant)) return grant;
    const token = await tenantToken({
      parentKey: await signingKey(),
      apiKeyUid: mint.apiKeyUid,
      searchRules: grant.restrictions.searchRules,
      expiresAt: grant.expiresAt,
    });
    return { headers: { authorization: `Bearer ${token}` }, minted: true };
  };
}

/**
 * A caller-supplied tenant token refused with invalid_api_key: forbidden only when its own
 * claims say it is unexpired and does not name the index; anything else (expired, forged, a
 * plain key, claims we cannot read) stays unauthorized, so it is never omitted as forbidden.
 */
export function callerTokenMeaning(
  attempt: BackendAttempt,
  index: string,
  epochMs: number,
): BackendFailure | undefined {
  const authorization = callerToken(attempt.caller);
  if (authorization === undefined) return undefined;
  const claims = readTenantToken(authorization);
  if (claims?.searchRules === undefined || claims.exp === undefined) return undefined;
  if (claims.exp * 1000 <= epochMs) return undefined;
  return searchRulesCover(claims.searchRules, index) ? undefined : { kind: "forbidden" };
}
