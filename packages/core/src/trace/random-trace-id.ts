/** The default trace id: a random UUID from Web Crypto, so this runs wherever `crypto` is global. */
export function randomTraceId(): string {
  return globalThis.crypto.randomUUID();
}
