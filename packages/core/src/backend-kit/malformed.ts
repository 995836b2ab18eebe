import type { BackendFailure } from "../backend/search-backend.js";

/** The engine answered, but not in its documented shape: never retried, never "nothing matched". */
export function malformed(reason: string): BackendFailure & { kind: "failed" } {
  return { kind: "failed", cause: "malformed", reason: `malformed body: ${reason}` };
}

/** Whether a value is a backend failure rather than what was asked for. */
export function isFailure(value: unknown): value is BackendFailure {
  return typeof value === "object" && value !== null && "kind" in value;
}
