import { InvalidInputError } from "./invalid-input-error.js";

/**
 * The one sentence core and every adapter throw to the app when a call has no end-user
 * credentials. `fix` says how to pass them where it is thrown; the sentence never holds a
 * credential.
 */
export function missingCredentialsError(tool: string, fix: string): InvalidInputError {
  return new InvalidInputError({
    field: "caller",
    message: `${tool} needs the end user's credentials (a caller with a non-empty token or headers): ${fix}.`,
  });
}
