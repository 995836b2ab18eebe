import type { BackendFailure } from "../backend/search-backend.js";
import type { Caller } from "../contract/caller.js";
import type { Clock } from "../util/clock.js";

/**
 * How a hosted backend mints each end user's credential in process, per call: the engine's own
 * derived key (Algolia's secured API key, Meilisearch's tenant token, Typesense's scoped search
 * key), signed with `parentKey` over the restrictions `restrictionsFor` gives for this caller.
 * The parent key lives here only: it is never sent, traced, annotated or put in a reason.
 */
export interface CredentialMinting<Restrictions> {
  /** The key the derived credentials are signed with: a search-only key, never an admin key. */
  parentKey: string;
  /**
   * The end user's restrictions, in the engine's own terms, for this call's caller (whom your
   * app has authenticated: its token or headers name the user). Undefined refuses the caller:
   * the attempt is `unauthorized` and nothing is sent.
   */
  restrictionsFor(caller: Caller): Restrictions | undefined | Promise<Restrictions | undefined>;
  /** Seconds a minted credential stays valid; 300 unless set (from 10 to 86,400). */
  lifetimeSeconds?: number;
}

export const defaultLifetimeSeconds = 300;

/**
 * The caller's restrictions from `restrictionsFor`. What it throws is rethrown with a fixed
 * message (its own is kept as `cause`, which no trace reads): a message may quote a user's
 * data or a key, and core puts a thrown message in the trace.
 */
export async function restrictionsOf<Restrictions>(
  mint: CredentialMinting<Restrictions>,
  caller: Caller,
): Promise<Restrictions | undefined> {
  try {
    return await mint.restrictionsFor(caller);
  } catch (error) {
    const name = error instanceof Error ? error.name : typeof error;
    throw new Error(`mint.restrictionsFor threw ${name}`, { cause: error });
  }
}

/** What a credential minted for one caller carries: its restrictions and its expiry. */
export interface MintingGrant<Restrictions> {
  restrictions: Restrictions;
  /** Epoch seconds: the restrictions' own expiry, else now plus the minting lifetime. */
  expiresAt: number;
}

/** How one engine's restrictions read, for minting a credential for one call. */
export interface MintingTerms<Restrictions> {
  lifetimeSeconds: number;
  clock: Pick<Clock, "epochMs">;
  /** The restrictions' own expiry in epoch seconds, in the engine's terms (`validUntil`, ...). */
  expiryOf(restrictions: Restrictions): number | undefined;
  /**
   * Whether the restrictions let the user read this call's index, and what the engine names the
   * restriction (`restrictIndices`): outside it the engine would refuse the credential, so the
   * attempt is `forbidden` at once and nothing is sent.
   */
  scope?: { name: string; covers(restrictions: Restrictions): boolean };
}

/**
 * The first step of minting for a call's caller: its restrictions, or `unauthorized` when
 * `restrictionsFor` refuses it, or `forbidden` outside the index scope (nothing is sent either
 * way), and the expiry the minted credential gets.
 */
export async function mintingGrant<Restrictions>(
  mint: CredentialMinting<Restrictions>,
  caller: Caller,
  { lifetimeSeconds, clock, expiryOf, scope }: MintingTerms<Restrictions>,
): Promise<MintingGrant<Restrictions> | BackendFailure> {
  const restrictions = await restrictionsOf(mint, caller);
  if (restrictions === undefined) {
    return { kind: "unauthorized", reason: "restrictionsFor refused the caller" };
  }
  if (scope !== undefined && !scope.covers(restrictions)) {
    return { kind: "forbidden", reason: `index outside the caller's ${scope.name}` };
  }
  const expiresAt = expiryOf(restrictions) ?? Math.floor(clock.epochMs() / 1000) + lifetimeSeconds;
  return { restrictions, expiresAt };
}
