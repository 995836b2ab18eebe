import { missingCredentialsError } from "../errors/missing-credentials-error.js";
import { type Caller, parseCaller } from "./caller.js";

/**
 * Whether `caller` carries a credential at all: a non-blank `token`, or `headers` with at least
 * one non-blank value. Checks presence only, so a framework that echoes what it validated (the
 * AI SDK's context check does) never echoes a credential: a caller that fails it holds none.
 */
export function hasCredentials(caller: unknown): boolean {
  if (typeof caller !== "object" || caller === null) return false;
  const { token, headers } = caller as { token?: unknown; headers?: unknown };
  if (typeof token === "string" && token.trim() !== "") return true;
  // Headers count even beside a blank token: a caller holding any credential must pass, or a
  // framework echoing what failed its check would echo that credential.
  if (typeof headers !== "object" || headers === null) return false;
  return Object.values(headers).some((value) => typeof value === "string" && value.trim() !== "");
}

/**
 * Checks a caller as every call will: no credentials is the sentence naming `fix`; credentials
 * that cannot be sent (a token over two lines, say) are core's own error, which names no value.
 */
export function assertCaller(caller: unknown, tool: string, fix: string): asserts caller is Caller {
  if (!hasCredentials(caller)) throw missingCredentialsError(tool, fix);
  parseCaller(caller, tool);
}
