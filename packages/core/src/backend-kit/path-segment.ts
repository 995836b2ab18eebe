import type { BackendFailure } from "../backend/search-backend.js";

/** An id as one URL path segment, or undefined ("." and ".." would leave the path; lone surrogates throw). */
export function pathSegment(id: string): string | undefined {
  if (id === "" || id === "." || id === "..") return undefined;
  try {
    return encodeURIComponent(id);
  } catch {
    return undefined;
  }
}

/**
 * A collection id as one URL path segment, or `misconfigured` saying it is not what the engine
 * names a collection by (`engineTerm`, such as "an index name"): no request could carry it, so
 * it is the configuration's mistake, and nothing is sent.
 */
export function collectionSegment(
  collectionId: string,
  engineTerm: string,
): string | BackendFailure {
  return (
    pathSegment(collectionId) ?? {
      kind: "failed",
      cause: "misconfigured",
      reason: `collection id is not ${engineTerm}`,
    }
  );
}
