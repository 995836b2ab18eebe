import type { BackendFailure } from "../backend/search-backend.js";

/**
 * Bytes of a non-2xx body the v2 backend reads: a 404's, enough for `{"error":"no_match"}` and
 * kin; no other status's (a 503 whose body stalls must not hold back the retry).
 */
export function v2ErrorBodyBytes(status: number): number {
  return status === 404 ? 4096 : 0;
}

/**
 * Whether a 404 is the v2 API's own answer (DESIGN §2, "The v2 backend"): a JSON object whose
 * `error` is a string. HTML or text (a web server's or proxy's page), an empty body, or another
 * engine's JSON (Typesense's and Algolia's `message`, Elasticsearch's `error` object,
 * Meilisearch's `code`) is some other server at `baseUrl`: a failure, so a wrong base URL never
 * reads as "nothing matched".
 */
export function v2NotFoundFailure(body: string): BackendFailure | undefined {
  if (isV2ErrorBody(body)) return undefined;
  return {
    kind: "failed",
    cause: "misconfigured",
    reason: `404 that is not the v2 API's answer (${describeBody(body)}): is baseUrl the v2 API?`,
  };
}

function isV2ErrorBody(body: string): boolean {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return false;
  }
  return (
    typeof parsed === "object" &&
    parsed !== null &&
    !Array.isArray(parsed) &&
    typeof (parsed as { error?: unknown }).error === "string"
  );
}

/** What the body was instead, in a few words (never its text: it may echo the request). */
function describeBody(body: string): string {
  if (body.trim() === "") return "empty body";
  try {
    const parsed: unknown = JSON.parse(body);
    return typeof parsed === "object" && parsed !== null && !Array.isArray(parsed)
      ? `JSON without a string "error"`
      : "JSON that is not an object";
  } catch {
    return /^\s*</.test(body) ? "HTML" : "text";
  }
}
