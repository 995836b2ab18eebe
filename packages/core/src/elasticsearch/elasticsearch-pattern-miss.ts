import type { BackendFailure } from "../backend/search-backend.js";
import { type ElasticsearchErrorRow, securityPrivileges } from "./elasticsearch-status-table.js";
import { wildcardPatterns } from "./index-expression.js";

/**
 * A wildcard pattern that resolved to no index for this caller. With security on, the engines
 * expand a pattern to the indices (and aliases) the caller may read, and under
 * allow_no_indices=false answer 404 index_not_found_exception when that leaves none: the same
 * answer whether no index matches the pattern or this caller may read none of those it matches.
 * Read as "this caller may not read it": omitted like a 403, so the caller's other areas still
 * answer, with a note in the trace on every call; `search-docs check`, run with the operator's
 * credentials, reports a pattern that matches no index at all.
 */
export const elasticsearchPatternMissRow: ElasticsearchErrorRow =
  Object.freeze<ElasticsearchErrorRow>({
    status: 404,
    match: ["index_not_found_exception"],
    label: "index pattern resolved to no index for this caller",
    meaning: { kind: "forbidden" },
    source: `${securityPrivileges}; https://www.elastic.co/guide/en/x-pack/5.0/security-limitations.html (wildcards expand to the indices the user has privileges for; none left is index-not-found); elastic/elasticsearch#89622 (allow_no_indices=false fails a wildcard that resolves to nothing, with security on too)`,
  });

/**
 * The failure and trace note for an error answer that is a wildcard pattern's miss, or
 * undefined for any other (an unknown index or alias named outright stays misconfigured). The
 * pattern is the error's `index` (the part of our own expression the engine names); without
 * one, only an expression made of patterns alone can be read so.
 */
export function patternMiss(
  collectionId: string,
  answer: { status: number; text: string },
  type: string | undefined,
): { failure: BackendFailure; note: string } | undefined {
  const row = elasticsearchPatternMissRow;
  if (answer.status !== row.status || !row.match?.includes(type ?? "")) return undefined;
  const { patterns, only } = wildcardPatterns(collectionId);
  const named = failedExpression(answer.text);
  const pattern = named === undefined ? (only ? patterns.join(",") : undefined) : named;
  if (pattern === undefined || !patterns.some((part) => pattern.split(",").includes(part))) {
    return undefined;
  }
  return {
    failure: { ...row.meaning, reason: `HTTP 404 ${row.label}` },
    note: `index pattern ${pattern} resolved to no index for this caller (the engine answers so both when no index matches it and when this caller may read none of those it matches): omitted like a 403; search-docs check, with the operator's credentials, tells which`,
  };
}

/** The index expression an index_not_found_exception names (`error.index`), when it has one. */
function failedExpression(text: string): string | undefined {
  try {
    const body = JSON.parse(text) as { error?: { index?: unknown } };
    const index = body?.error?.index;
    return typeof index === "string" && index.length <= 4096 ? index : undefined;
  } catch {
    return undefined;
  }
}
