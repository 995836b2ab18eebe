// HMAC-SHA256 and the encodings the hosted engines' derived credentials are written in, over Web
// Crypto (`crypto.subtle`) and `btoa`/`atob` only: no `node:` import, so the backends that mint
// keys run on Node, Deno, Bun, edge and worker runtimes alike.

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** An HMAC-SHA256 signing key for `key` (UTF-8), not extractable: import once, sign many times. */
export function importHmacKey(key: string): Promise<CryptoKey> {
  return globalThis.crypto.subtle.importKey(
    "raw",
    encoder.encode(key),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign"],
  );
}

/** HMAC-SHA256 of `message` (UTF-8) keyed with `key` (UTF-8, or imported): the 32 raw bytes. */
export async function hmacSha256(key: string | CryptoKey, message: string): Promise<Uint8Array> {
  const cryptoKey = typeof key === "string" ? await importHmacKey(key) : key;
  return new Uint8Array(
    await globalThis.crypto.subtle.sign("HMAC", cryptoKey, encoder.encode(message)),
  );
}

/** Lower-case hexadecimal, two digits a byte. */
export function toHex(bytes: Uint8Array): string {
  let hex = "";
  for (const byte of bytes) hex += byte.toString(16).padStart(2, "0");
  return hex;
}

/** Standard base64 (RFC 4648 section 4, padded) of raw bytes. */
export function bytesToBase64(bytes: Uint8Array): string {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** Standard base64 of a string's UTF-8 bytes. */
export function textToBase64(text: string): string {
  return bytesToBase64(encoder.encode(text));
}

/** base64url without padding (RFC 4648 section 5), as JWTs are written (RFC 7515). */
export function bytesToBase64Url(bytes: Uint8Array): string {
  return bytesToBase64(bytes).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

export function textToBase64Url(text: string): string {
  return bytesToBase64Url(encoder.encode(text));
}

/** A base64url (or base64) segment's text, or undefined when it is not one. */
export function base64UrlToText(segment: string): string | undefined {
  if (!/^[A-Za-z0-9_+/-]*={0,2}$/.test(segment)) return undefined;
  const standard = segment.replace(/-/g, "+").replace(/_/g, "/").replace(/=+$/, "");
  const padded = standard + "=".repeat((4 - (standard.length % 4)) % 4);
  try {
    const binary = atob(padded);
    const bytes = new Uint8Array(binary.length);
    for (let index = 0; index < binary.length; index++) bytes[index] = binary.charCodeAt(index);
    return decoder.decode(bytes);
  } catch {
    return undefined;
  }
}
