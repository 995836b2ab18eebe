import { lifetimeOption, parentKeyOption } from "./backend-options.js";
import { importHmacKey } from "./web-crypto.js";

/** What a hosted backend mints per-user credentials with: the parent key, checked once. */
export interface SigningKey {
  /** The parent key as given (Typesense embeds its first characters in a scoped key). */
  parentKey: string | undefined;
  lifetimeSeconds: number;
  /** The parent key imported once, on first use: a CryptoKey, not extractable. */
  signingKey(): Promise<CryptoKey>;
}

/** The `mint` option of a hosted backend, checked, with its key imported lazily. */
export function signingKeyOf(
  backendName: string,
  mint: { parentKey: string; lifetimeSeconds?: number } | undefined,
  defaultLifetimeSeconds: number,
): SigningKey {
  const parentKey = mint === undefined ? undefined : parentKeyOption(backendName, mint.parentKey);
  const lifetimeSeconds = lifetimeOption(
    backendName,
    mint?.lifetimeSeconds,
    defaultLifetimeSeconds,
  );
  let signing: Promise<CryptoKey> | undefined;
  return {
    parentKey,
    lifetimeSeconds,
    signingKey: () => {
      if (parentKey === undefined) throw new Error("no parent key");
      signing ??= importHmacKey(parentKey);
      return signing;
    },
  };
}
