import { createHash } from "node:crypto";
import fc from "fast-check";
import { expect, it } from "vitest";
import { sha256 } from "./sha256.js";

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString("hex");
const nodeSha256 = (text: string) => createHash("sha256").update(text).digest("hex");

it("matches the published test vectors", () => {
  expect(hex(sha256(""))).toBe("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  expect(hex(sha256("abc"))).toBe(
    "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
  );
  expect(hex(sha256("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"))).toBe(
    "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1",
  );
});

it("agrees with node:crypto at every padding boundary and on multi-byte text", () => {
  for (let length = 0; length <= 130; length++) {
    expect(hex(sha256("x".repeat(length))), `length ${length}`).toBe(
      nodeSha256("x".repeat(length)),
    );
  }
  for (const text of ["ünïcødé/✓", "🔑 rotate", "a\u0000b", "x".repeat(10_000)]) {
    expect(hex(sha256(text))).toBe(nodeSha256(text));
  }
});

it("agrees with node:crypto on any string (property)", () => {
  fc.assert(
    fc.property(fc.string({ unit: "grapheme", maxLength: 300 }), (text) => {
      expect(hex(sha256(text))).toBe(nodeSha256(text));
    }),
  );
});
