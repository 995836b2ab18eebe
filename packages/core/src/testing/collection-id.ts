import { createHash } from "node:crypto";

// A fixed namespace (3f1d7c52-a9e0-4b8e-9c55-d0a4b7e2f611), so ids are standard UUIDv5 values
// anyone can recompute, yet no other system will produce by accident.
const namespace = Buffer.from("3f1d7c52a9e04b8e9c55d0a4b7e2f611", "hex");

/**
 * The stable collection id of the `index`-th collection of `area`: a UUIDv5 (SHA-1) of
 * `"<area>/<index>"`, so tests and configs can hard-code it and it is the same in every run.
 */
export function collectionIdFor(area: string, index: number): string {
  const hash = createHash("sha1").update(namespace).update(`${area}/${index}`).digest();
  // Version 5 in the high nibble of byte 6, RFC 4122 variant in the high bits of byte 8.
  hash[6] = ((hash[6] ?? 0) & 0x0f) | 0x50;
  hash[8] = ((hash[8] ?? 0) & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
