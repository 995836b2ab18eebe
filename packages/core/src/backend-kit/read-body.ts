import { AttemptError } from "./attempt-error.js";

/**
 * Reads a response body whole, within `maxBytes` and the signals, and cancels the stream whenever
 * it stops early. Bytes are counted as they arrive, after decoding (fetch inflates gzip as it
 * streams), so a compressed bomb stops at the bound, not at its inflated size. Resolves to the
 * bytes; rejects with an aborted signal's reason, with `too_large` past the bound, or with
 * `network` (after the headers) when the stream breaks: a reset or a truncation the transport
 * noticed, which the retry decision treats like a reset before the headers.
 *
 * The read races the signals itself rather than trusting the stream to notice them: the fetch's
 * own signal is derived from them, and a derived signal nothing else holds may be collected
 * before it fires, leaving the read to the transport's body timeout (minutes, in undici).
 */
export async function readBody(
  response: Response,
  { maxBytes, signals }: { maxBytes: number; signals: readonly AbortSignal[] },
): Promise<Uint8Array<ArrayBuffer>> {
  const body = response.body;
  if (body === null) return new Uint8Array(0);
  const declared = Number(response.headers.get("content-length"));
  const encoding = response.headers.get("content-encoding")?.trim().toLowerCase() ?? "identity";
  if (encoding === "identity" && Number.isFinite(declared) && declared > maxBytes) {
    // Said up front: no need to read a byte of it.
    void body.cancel().catch(() => {});
    throw new AttemptError({ kind: "too_large", limitBytes: maxBytes });
  }

  const reader = (body as ReadableStream<Uint8Array<ArrayBuffer>>).getReader();
  let onAbort: (() => void) | undefined;
  const aborted = new Promise<never>((_, reject) => {
    onAbort = () => {
      const signal = signals.find((candidate) => candidate.aborted);
      reject(signal?.reason ?? new DOMException("The operation was aborted", "AbortError"));
    };
  });
  // Only ever raced; a rejection nobody awaits must not surface as unhandled.
  aborted.catch(() => {});
  const listener = () => onAbort?.();
  for (const signal of signals) signal.addEventListener("abort", listener, { once: true });

  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let total = 0;
  try {
    if (signals.some((signal) => signal.aborted)) listener();
    for (;;) {
      let next: ReadableStreamReadResult<Uint8Array<ArrayBuffer>>;
      try {
        next = await Promise.race([reader.read(), aborted]);
      } catch (error) {
        if (signals.some((signal) => signal.aborted) || AttemptError.isInstance(error)) throw error;
        throw new AttemptError({ kind: "network", afterHeaders: true }, { cause: error });
      }
      if (next.done) break;
      total += next.value.byteLength;
      if (total > maxBytes) throw new AttemptError({ kind: "too_large", limitBytes: maxBytes });
      chunks.push(next.value);
    }
  } catch (error) {
    void reader.cancel().catch(() => {});
    throw signals.find((signal) => signal.aborted)?.reason ?? error;
  } finally {
    for (const signal of signals) signal.removeEventListener("abort", listener);
  }
  return concat(chunks, total);
}

function concat(
  chunks: readonly Uint8Array<ArrayBuffer>[],
  total: number,
): Uint8Array<ArrayBuffer> {
  if (chunks.length === 1) return chunks[0] as Uint8Array<ArrayBuffer>;
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}
