// SHA-256 (FIPS 180-4) in plain JavaScript. Ref suffixes need a digest that is synchronous and
// runs everywhere: node:crypto is Node's alone, and Web Crypto's digest is asynchronous (on Node,
// a thread-pool hop per call, which a ref store's time bound under load could not afford).

// The round constants and the initial hash are the first 32 bits of the fractional parts of the
// primes' cube and square roots; computed rather than typed in, so no digit can be mistyped.
// Computed on the first digest, not at import (a cold import is paid by every serverless start).
let constants: { roundConstants: Uint32Array; initialHash: Uint32Array } | undefined;
function sha256Constants(): { roundConstants: Uint32Array; initialHash: Uint32Array } {
  if (constants === undefined) {
    const primes = firstPrimes(64);
    constants = {
      roundConstants: Uint32Array.from(primes, (prime) => fractionalBits(Math.cbrt(prime))),
      initialHash: Uint32Array.from(primes.slice(0, 8), (prime) =>
        fractionalBits(Math.sqrt(prime)),
      ),
    };
  }
  return constants;
}
let encoder: TextEncoder | undefined;

/** The SHA-256 digest of a string's UTF-8 bytes. */
export function sha256(text: string): Uint8Array {
  const { roundConstants, initialHash } = sha256Constants();
  encoder ??= new TextEncoder();
  const data = encoder.encode(text);
  // The message, a 1 bit, zeros, and its length in bits as 64 bits: a whole number of blocks.
  const length = Math.ceil((data.length + 9) / 64) * 64;
  const message = new Uint8Array(length);
  message.set(data);
  message[data.length] = 0x80;
  const view = new DataView(message.buffer);
  view.setUint32(length - 8, Math.floor((data.length * 8) / 0x100000000));
  view.setUint32(length - 4, (data.length * 8) >>> 0);

  const hash = initialHash.slice();
  const schedule = new Uint32Array(64);
  for (let block = 0; block < length; block += 64) {
    for (let index = 0; index < 16; index++) {
      schedule[index] = view.getUint32(block + index * 4);
    }
    for (let index = 16; index < 64; index++) {
      const early = at(schedule, index - 15);
      const late = at(schedule, index - 2);
      const sigma0 = rotate(early, 7) ^ rotate(early, 18) ^ (early >>> 3);
      const sigma1 = rotate(late, 17) ^ rotate(late, 19) ^ (late >>> 10);
      schedule[index] = at(schedule, index - 16) + sigma0 + at(schedule, index - 7) + sigma1;
    }
    let a = at(hash, 0);
    let b = at(hash, 1);
    let c = at(hash, 2);
    let d = at(hash, 3);
    let e = at(hash, 4);
    let f = at(hash, 5);
    let g = at(hash, 6);
    let h = at(hash, 7);
    for (let index = 0; index < 64; index++) {
      const sum1 = rotate(e, 6) ^ rotate(e, 11) ^ rotate(e, 25);
      const choice = (e & f) ^ (~e & g);
      const first = (h + sum1 + choice + at(roundConstants, index) + at(schedule, index)) >>> 0;
      const sum0 = rotate(a, 2) ^ rotate(a, 13) ^ rotate(a, 22);
      const majority = (a & b) ^ (a & c) ^ (b & c);
      const second = (sum0 + majority) >>> 0;
      h = g;
      g = f;
      f = e;
      e = (d + first) >>> 0;
      d = c;
      c = b;
      b = a;
      a = (first + second) >>> 0;
    }
    hash[0] = at(hash, 0) + a;
    hash[1] = at(hash, 1) + b;
    hash[2] = at(hash, 2) + c;
    hash[3] = at(hash, 3) + d;
    hash[4] = at(hash, 4) + e;
    hash[5] = at(hash, 5) + f;
    hash[6] = at(hash, 6) + g;
    hash[7] = at(hash, 7) + h;
  }

  const digest = new Uint8Array(32);
  const output = new DataView(digest.buffer);
  for (let index = 0; index < 8; index++) output.setUint32(index * 4, at(hash, index));
  return digest;
}

function rotate(word: number, bits: number): number {
  return ((word >>> bits) | (word << (32 - bits))) >>> 0;
}

function at(words: Uint32Array, index: number): number {
  return words[index] ?? 0;
}

function fractionalBits(value: number): number {
  return ((value - Math.floor(value)) * 0x100000000) >>> 0;
}

function firstPrimes(count: number): number[] {
  const found: number[] = [];
  for (let candidate = 2; found.length < count; candidate++) {
    if (found.every((prime) => candidate % prime !== 0)) found.push(candidate);
  }
  return found;
}
