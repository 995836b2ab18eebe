import type * as z from "zod/mini";
import type { BackendFailure } from "../backend/search-backend.js";
import { parseRetryAfter } from "./parse-retry-after.js";

/** A body read against its schema, or a malformed failure naming the first problem's path. */
export function readWire<Schema extends z.ZodMiniType>(
  text: string,
  schema: Schema,
): z.infer<Schema> | BackendFailure {
  const json = parseJson(text);
  if (!json.ok) return malformed("not JSON");
  const parsed = schema.safeParse(json.value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return malformed(`${issue?.path.join(".") || "body"}: ${issue?.message ?? "invalid"}`);
  }
  return parsed.data as z.infer<Schema>;
}

export function malformed(reason: string): BackendFailure {
  return { kind: "failed", cause: "malformed", reason: `malformed body: ${reason}` };
}

export function isFailure(value: unknown): value is BackendFailure {
  return typeof value === "object" && value !== null && "kind" in value;
}

/**
 * A status table's meaning as the attempt's failure: the reason says the status and the row's
 * label (never the engine's message, which can echo the query or an index name back), and a
 * retryable meaning carries the engine's Retry-After.
 */
export function failureOf(
  meaning: BackendFailure,
  status: number,
  label: string | undefined,
  headers: Headers,
  epochMs: number,
): BackendFailure {
  const reason = `HTTP ${status}${label === undefined ? "" : ` ${label}`}`;
  if (
    meaning.kind === "overloaded" ||
    meaning.kind === "transient" ||
    meaning.kind === "rebuilding"
  ) {
    const retryAfterMs = parseRetryAfter(headers.get("retry-after"), epochMs);
    return { ...meaning, reason, ...(retryAfterMs === undefined ? {} : { retryAfterMs }) };
  }
  return { ...meaning, reason };
}

/** JSON text parsed, or undefined: a body that is not JSON is the caller's to call malformed. */
function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}
