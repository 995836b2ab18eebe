import { InvalidInputError } from "../errors/invalid-input-error.js";
import { missingCredentialsError } from "../errors/missing-credentials-error.js";

/**
 * The end user's credentials for one call. Passed on every call, used for that call's requests
 * only, and never stored, traced or logged: every read happens as the user who asked.
 */
export type Caller = { token: string } | { headers: Record<string, string> };

const passCaller = "pass { caller: { token } } or { caller: { headers } } with every call";

/**
 * The caller as every backend receives it: a one-line token, or header names (lower-cased) to
 * one-line values. Rejects a missing or malformed caller before any request.
 */
export function parseCaller(caller: unknown, tool: string): Caller {
  if (typeof caller !== "object" || caller === null) {
    throw missingCredentialsError(tool, passCaller);
  }
  if ("token" in caller) {
    const { token } = caller as { token: unknown };
    if (typeof token !== "string" || token.trim() === "" || /[\r\n]/.test(token)) {
      throw new InvalidInputError({
        field: "caller",
        message: `${tool}: caller.token must be a non-empty string on one line.`,
      });
    }
    return { token };
  }
  if ("headers" in caller) {
    const { headers } = caller as { headers: unknown };
    if (typeof headers !== "object" || headers === null || Object.keys(headers).length === 0) {
      throw new InvalidInputError({
        field: "caller",
        message: `${tool}: caller.headers must be a non-empty object of header names to values.`,
      });
    }
    const result: Record<string, string> = {};
    for (const [name, value] of Object.entries(headers)) {
      if (typeof value !== "string" || /[\r\n]/.test(value)) {
        // The header's name is safe to say; its value may be a credential.
        throw new InvalidInputError({
          field: "caller",
          message: `${tool}: caller.headers["${name}"] must be a string on one line.`,
        });
      }
      result[name.toLowerCase()] = value;
    }
    return { headers: result };
  }
  throw missingCredentialsError(tool, passCaller);
}
