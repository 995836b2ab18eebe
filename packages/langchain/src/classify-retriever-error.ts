import type { BackendFailure } from "@search-docs/core";
import { isRetryable, parseRetryAfter, statusRow } from "@search-docs/core/backend-kit";
import { retrieverStatusTable, unknownErrorFailure } from "./retriever-status-table.js";

/** A thrown error's HTTP status, wherever the SDK put it, and the failure it means. */
export interface ClassifiedError {
  status: number | undefined;
  failure: BackendFailure;
}

/**
 * Classifies what a retriever threw by its HTTP status (`status`, `statusCode`,
 * `response.status`, or the same on its `cause`), after `retrieverStatusTable`. The reason names
 * the error class and the status only: an SDK's message may quote the request, its key or the
 * raw response body, so it never reaches the reason.
 */
export function classifyRetrieverError(
  error: unknown,
  nowEpochMs: number = Date.now(),
): ClassifiedError {
  const status = statusOf(error) ?? statusOf(field(error, "cause"));
  const base =
    (status === undefined ? undefined : statusRow(retrieverStatusTable, status))?.meaning ??
    unknownErrorFailure;
  const name = errorName(error);
  const reason =
    status === undefined
      ? `the retriever threw ${name}`
      : `the retriever threw ${name} (HTTP ${status})`;
  const retryAfterMs = isRetryable(base)
    ? parseRetryAfter(retryAfterOf(error), nowEpochMs)
    : undefined;
  const failure: BackendFailure = {
    ...base,
    reason,
    ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
  };
  return { status, failure };
}

function statusOf(error: unknown): number | undefined {
  for (const candidate of [
    field(error, "status"),
    field(error, "statusCode"),
    field(field(error, "response"), "status"),
  ]) {
    const status =
      typeof candidate === "string" && /^\d{3}$/.test(candidate) ? Number(candidate) : candidate;
    if (typeof status === "number" && Number.isInteger(status) && status >= 100 && status <= 599)
      return status;
  }
  return undefined;
}

function retryAfterOf(error: unknown): string | null {
  for (const holder of [error, field(error, "response")]) {
    const headers = field(holder, "headers");
    if (headers === undefined || headers === null) continue;
    const value =
      typeof (headers as Headers).get === "function"
        ? (headers as Headers).get("retry-after")
        : (field(headers, "retry-after") ?? field(headers, "Retry-After"));
    if (typeof value === "string") return value;
  }
  return null;
}

function errorName(error: unknown): string {
  const name = field(error, "name");
  // A class name only: anything longer or odder might be data, not a name.
  return typeof name === "string" && /^[A-Za-z][\w.]{0,59}$/.test(name) ? name : "an error";
}

function field(value: unknown, name: string): unknown {
  if (typeof value !== "object" || value === null) return undefined;
  try {
    return (value as Record<string, unknown>)[name];
  } catch {
    return undefined;
  }
}
