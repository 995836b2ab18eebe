import type { BackendAttempt, BackendFailure } from "../backend/search-backend.js";
import { type CredentialMinting, mintingGrant } from "../backend-kit/credential-minting.js";
import { isFailure } from "../backend-kit/malformed.js";
import type { SigningKey } from "../backend-kit/signing-key.js";
import type { Clock } from "../util/clock.js";
import {
  type AlgoliaRestrictions,
  indexAllowed,
  securedApiKey,
  securedKeyParameters,
} from "./secured-api-key.js";

/** An attempt's Algolia headers for an index: the caller's key, or a failure before sending. */
export type AlgoliaCredentials = (
  attempt: BackendAttempt,
  index: string,
) => Promise<Record<string, string> | BackendFailure>;

/**
 * The caller's key as given (its `token`, or its `headers` as sent), or, with `mint`, a secured
 * API key minted for the caller from the parent key on every call.
 */
export function algoliaCredentials(
  appId: string,
  mint: CredentialMinting<AlgoliaRestrictions> | undefined,
  { parentKey, lifetimeSeconds, signingKey }: SigningKey,
  clock: Pick<Clock, "epochMs">,
): AlgoliaCredentials {
  return async (attempt, index): Promise<Record<string, string> | BackendFailure> => {
    const base = { "x-algolia-application-id": appId };
    if (mint === undefined || parentKey === undefined) {
      const caller = attempt.caller;
      return "token" in caller
        ? { ...base, "x-algolia-api-key": caller.token }
        : { ...caller.headers, ...base };
    }
    const grant = await mintingGrant(mint, attempt.caller, {
      lifetimeSeconds,
      clock,
      expiryOf: (given) => given.validUntil,
      // Outside this user's restrictIndices Algolia would refuse the key, so do not ask.
      scope: {
        name: "restrictIndices",
        covers: (given) => indexAllowed(given.restrictIndices, index),
      },
    });
    if (isFailure(grant)) return grant;
    const key = await securedApiKey(
      await signingKey(),
      securedKeyParameters({ ...grant.restrictions, validUntil: grant.expiresAt }),
    );
    return { ...base, "x-algolia-api-key": key };
  };
}
