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

/**
 * A `fetch` that passes every request through and records, by the caller's bearer token, what
 * came back. It is the soak's independent witness: a collection "failed" for a call when its
 * last response was not a 404, a 403 or a well-formed 200, judged by this file's own reading of
 * the wire, never by the client's status computation.
 */
export function createWireTap(fetch: typeof globalThis.fetch) {
  const responses = new Map<string, TappedResponse[]>();
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
        const text = await response
          .clone()
          .text()
          .catch(() => undefined);
        entry.wellFormed = text !== undefined && isWellFormed(text, entry.kind);
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
    clear: () => responses.clear(),
  };
}

function isWellFormed(text: string, kind: "search" | "document"): boolean {
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
