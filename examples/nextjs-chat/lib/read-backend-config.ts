/** Where the docs backend is, from SEARCH_DOCS_* (no token: credentials come per request). */
export interface BackendConfig {
  baseUrl: string;
  areas: Record<string, string[]>;
  portalUrl: string | undefined;
}

/**
 * SEARCH_DOCS_BASE_URL and SEARCH_DOCS_AREAS (JSON: area name → collection ids), and optionally
 * SEARCH_DOCS_PORTAL_URL. Undefined when SEARCH_DOCS_BASE_URL is unset: the app then uses the
 * embedded fake service. A half-done configuration throws, saying what is missing.
 */
export function readBackendConfig(
  environment: Record<string, string | undefined>,
): BackendConfig | undefined {
  const baseUrl = environment.SEARCH_DOCS_BASE_URL?.trim();
  const portalUrl = environment.SEARCH_DOCS_PORTAL_URL?.trim() || undefined;
  if (!baseUrl) return undefined;
  const areasText = environment.SEARCH_DOCS_AREAS?.trim();
  if (!areasText) {
    throw new Error(
      'SEARCH_DOCS_BASE_URL is set, so SEARCH_DOCS_AREAS must be too: JSON such as {"runbooks":["<collection id>"]}.',
    );
  }
  let areas: unknown;
  try {
    areas = JSON.parse(areasText);
  } catch {
    throw new Error("SEARCH_DOCS_AREAS is not valid JSON.");
  }
  if (!isAreaMap(areas)) {
    throw new Error(
      'SEARCH_DOCS_AREAS must map area names to lists of collection ids, e.g. {"runbooks":["<uuid>"]}.',
    );
  }
  return { baseUrl, areas, portalUrl };
}

function isAreaMap(value: unknown): value is Record<string, string[]> {
  return (
    typeof value === "object" &&
    value !== null &&
    !Array.isArray(value) &&
    Object.keys(value).length > 0 &&
    Object.values(value).every(
      (ids) => Array.isArray(ids) && ids.length > 0 && ids.every((id) => typeof id === "string"),
    )
  );
}
