import type { BackendAttempt, BackendFailure } from "../backend/search-backend.js";
import { raceSignal } from "../util/race-signal.js";
import { AttemptError } from "./attempt-error.js";
import { networkCause } from "./network-cause.js";
import { readBody } from "./read-body.js";

/** One HTTP request of one attempt, as an HTTP backend builds it. */
export interface HttpRequest {
  method: "GET" | "POST" | "DELETE";
  /** Absolute, under the backend's configured origin. */
  url: string;
  /** The caller's credentials go here, and so only ever to `url`'s origin. */
  headers: Record<string, string>;
  /** JSON text. */
  body?: string;
  /** The path with its ids as placeholders, e.g. `/{index}/_search`: the span's low-cardinality name. */
  urlTemplate: string;
}

/** A response the engine sent, its body read whole and bounded. */
export interface HttpAnswer {
  status: number;
  headers: Headers;
  text: string;
  bytes: number;
}

export interface SendOptions {
  fetch: typeof globalThis.fetch;
  /**
   * Bytes of a non-2xx body to read (a longer one is read as empty); 0, the default, reads none.
   * Engines whose error type lives only in the body (Elasticsearch) need a few KiB. A function
   * of the status reads only the bodies that mean something (v2: a 404's, never a stalled 503's).
   */
  errorBodyBytes?: number | ((status: number) => number);
}

const decoder = new TextDecoder();

/**
 * The one HTTP sender every HTTP backend shares: one attempt over `fetch`, never retried here
 * (core owns retries), never following a redirect (followed, the caller's headers could reach
 * another origin, and a loop would spin outside the retry budget), the body read within
 * `limits.responseBytes` and the attempt's signal. What went wrong is a `BackendFailure`; any
 * status is an answer for the backend's status table to read. When the signal fires it rejects
 * with the signal's reason, and core reports the timeout, deadline or abort.
 */
export async function sendRequest(
  request: HttpRequest,
  attempt: BackendAttempt,
  { fetch, errorBodyBytes = 0 }: SendOptions,
): Promise<HttpAnswer | BackendFailure> {
  const { signal, limits } = attempt;
  attempt.annotate({
    attributes: {
      "http.request.method": request.method,
      "url.full": request.url,
      "url.template": request.urlTemplate,
    },
  });
  let response: Response;
  try {
    response = await raceSignal(
      fetch(request.url, {
        method: request.method,
        headers: { accept: "application/json", ...request.headers },
        ...(request.body === undefined
          ? {}
          : { body: request.body, headers: jsonHeaders(request.headers) }),
        signal,
        redirect: "manual",
      }),
      signal,
      cancelBody,
    );
  } catch (error) {
    if (signal.aborted) throw signal.reason;
    attempt.annotate({ status: "network" });
    return { kind: "transient", reason: `network error${networkCause(error)}` };
  }

  const redirect = redirectOf(response, request.url);
  if (redirect !== undefined) {
    cancelBody(response);
    attempt.annotate({
      status: response.status,
      attributes: { "search_docs.redirect_origin": redirect.origin ?? "unnamed" },
    });
    return {
      kind: "failed",
      cause: "redirect",
      reason: `redirect (${redirect.status}) to ${redirect.origin ?? "an unnamed location"}, not followed`,
    };
  }

  // Said as the headers arrive: a body that then stalls past the deadline keeps its status.
  attempt.annotate({ status: response.status });
  const maxBytes = response.ok
    ? limits.responseBytes
    : typeof errorBodyBytes === "number"
      ? errorBodyBytes
      : errorBodyBytes(response.status);
  if (maxBytes === 0) {
    // Nothing in an error body changes what core does here: never read.
    cancelBody(response);
    return { status: response.status, headers: response.headers, text: "", bytes: 0 };
  }
  let body: Uint8Array;
  try {
    body = await readBody(response, { maxBytes, signals: [signal] });
  } catch (error) {
    if (signal.aborted) throw signal.reason;
    if (!AttemptError.isInstance(error)) throw error;
    if (error.outcome.kind === "too_large") {
      // An error body past its small bound is read as empty; an answer past it is unusable.
      if (!response.ok) {
        return { status: response.status, headers: response.headers, text: "", bytes: 0 };
      }
      return {
        kind: "failed",
        cause: "too_large",
        reason: `response too large (over ${limits.responseBytes} bytes decoded)`,
      };
    }
    // A reset or a truncation after the headers: transient, like one before them.
    return { kind: "transient", reason: "network error while reading the body" };
  }
  attempt.annotate({ bytes: body.byteLength });
  return {
    status: response.status,
    headers: response.headers,
    text: decoder.decode(body),
    bytes: body.byteLength,
  };
}

function jsonHeaders(headers: Record<string, string>): Record<string, string> {
  return { accept: "application/json", "content-type": "application/json", ...headers };
}

/**
 * A response that redirects: any 3xx, a browser's opaque redirect (status 0, no headers), or a
 * response some injected fetch reached by following one anyway. Undefined for any other.
 */
function redirectOf(
  response: Response,
  requestUrl: string,
): { status: number; origin?: string | undefined } | undefined {
  if (response.type === "opaqueredirect") return { status: response.status };
  if (response.redirected) {
    return { status: response.status, origin: originOf(response.url, requestUrl) };
  }
  if (response.status < 300 || response.status > 399) return undefined;
  const location = response.headers.get("location");
  return {
    status: response.status,
    origin: location === null ? undefined : originOf(location, requestUrl),
  };
}

/** Where a URL points, as an origin only: its path and query may carry data. */
function originOf(url: string, base: string): string | undefined {
  try {
    const { origin } = new URL(url, base);
    return origin === "null" ? undefined : origin;
  } catch {
    return undefined;
  }
}

function cancelBody(response: Response): void {
  void response.body?.cancel().catch(() => {});
}
