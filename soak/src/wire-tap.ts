/** What the client received for one upstream request, as seen on the wire. */
export interface TappedResponse {
  collectionId: string;
  kind: "search" | "document";
  /** HTTP status, or what happened instead of a response. */
  status: number | "network" | "aborted";
  /** For a 200: whether the body has the wire's shape (DESIGN.md section 2), read here. */
  wellFormed?: boolean;
}

const pathPattern = /\/v2\/collections\/([^/]+)\/documents\/([^/]+)$/;

/** What the tap itself holds an answer to: the limits the client documents, read independently. */
export interface WireBounds {
  /** A body past this many bytes (decoded) is no answer. */
  maxBytes: number;
  /** A search page with more items than this is no answer either. */
  pageItems: number;
}

/**
 * A `fetch` that passes every request through and records, by the caller's bearer token, what
 * came back. It is the soak's independent witness: a collection "failed" for a call when its
 * last response was not a 404, a 403 or a well-formed 200 (a redirect, a body that never came
 * whole, a body over the documented bounds), judged by this file's own reading of the wire,
 * never by the client's status computation. The body is read from a copy, beside the client
 * and bounded like it, never before the client gets the response: a tap that read first would
 * hold a stalled or endless body itself. `settled()` waits for every copy still being read.
 */
export function createWireTap(fetch: typeof globalThis.fetch, bounds: WireBounds) {
  const responses = new Map<string, TappedResponse[]>();
  const reading = new Set<Promise<void>>();
  const tapped: typeof globalThis.fetch = async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const headers = new Headers(input instanceof Request ? input.headers : init?.headers);
    const token = /^Bearer\s+(\S+)$/i.exec(headers.get("authorization") ?? "")?.[1] ?? "";
    const match = pathPattern.exec(url.pathname);
    const entry: TappedResponse = {
      collectionId: decodeURIComponent(match?.[1] ?? ""),
      kind: match?.[2] === "search" ? "search" : "document",
      status: "network",
    };
    let list = responses.get(token);
    if (list === undefined) {
      list = [];
      responses.set(token, list);
    }
    list.push(entry);
    try {
      const response = await fetch(input, init);
      entry.status = response.status;
      if (response.status === 200) {
        entry.wellFormed = false;
        // The copy lives as long as the request: when the client gives up (its signal aborts),
        // so does the tap, which also lets the connection go (a tee's source ends only when
        // both copies are cancelled).
        const signal = input instanceof Request ? input.signal : (init?.signal ?? undefined);
        const read = readBounded(response.clone(), bounds.maxBytes, signal).then((text) => {
          entry.wellFormed = text !== undefined && isWellFormed(text, entry.kind, bounds);
        });
        reading.add(read);
        void read.finally(() => reading.delete(read));
      }
      return response;
    } catch (error) {
      const signal = input instanceof Request ? input.signal : init?.signal;
      entry.status = signal?.aborted ? "aborted" : "network";
      throw error;
    }
  };
  return {
    fetch: tapped,
    /** The responses one caller received, in the order the requests were sent. */
    responsesOf: (token: string): readonly TappedResponse[] => responses.get(token) ?? [],
    /** Resolves once every body copy has been read (or given up on). */
    settled: async () => {
      while (reading.size > 0) await Promise.all([...reading]);
    },
    clear: () => responses.clear(),
  };
}

/** The body as text, or undefined when it breaks off, runs past `maxBytes`, or `signal` aborts. */
async function readBounded(
  response: Response,
  maxBytes: number,
  signal: AbortSignal | undefined,
): Promise<string | undefined> {
  const reader = response.body?.getReader();
  if (reader === undefined) return "";
  const chunks: Uint8Array[] = [];
  let total = 0;
  const aborted = new Promise<"aborted">((resolve) => {
    if (signal?.aborted) resolve("aborted");
    signal?.addEventListener("abort", () => resolve("aborted"), { once: true });
  });
  try {
    for (;;) {
      const next = await Promise.race([reader.read(), aborted]);
      if (next === "aborted") {
        await reader.cancel().catch(() => {});
        return undefined;
      }
      const { done, value } = next;
      if (done) break;
      total += value.byteLength;
      if (total > maxBytes) {
        await reader.cancel().catch(() => {});
        return undefined;
      }
      chunks.push(value);
    }
  } catch {
    return undefined;
  }
  return new TextDecoder().decode(Buffer.concat(chunks));
}

function isWellFormed(text: string, kind: "search" | "document", bounds: WireBounds): boolean {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return false;
  }
  if (!isRecord(body)) return false;
  if (kind === "document") {
    return (
      isText(body.document_id) &&
      typeof body.title === "string" &&
      Array.isArray(body.sections) &&
      body.sections.every(
        (section) =>
          isRecord(section) &&
          (typeof section.index === "number" || isText(section.index)) &&
          typeof section.heading === "string" &&
          typeof section.text === "string",
      )
    );
  }
  return (
    Array.isArray(body.items) &&
    body.items.length <= bounds.pageItems &&
    typeof body.has_more === "boolean" &&
    (body.next_cursor === undefined ||
      body.next_cursor === null ||
      typeof body.next_cursor === "string") &&
    body.items.every(
      (item) =>
        isRecord(item) &&
        isText(item.document_id) &&
        typeof item.title === "string" &&
        typeof item.score === "number" &&
        Number.isFinite(item.score) &&
        typeof item.snippet === "string",
    )
  );
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function isText(value: unknown): value is string {
  return typeof value === "string" && value !== "";
}
