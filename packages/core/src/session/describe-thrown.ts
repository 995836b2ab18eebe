import type { Caller } from "../contract/caller.js";

/**
 * What a backend threw, for the trace: its class and message, cut short, with the caller's
 * credential taken out wherever the message quotes it (a driver's error may echo what it sent).
 */
export function describeThrown(error: unknown, caller: Caller): string {
  const name = error instanceof Error ? error.name : typeof error;
  // Scrubbed before it is cut: a cut could leave half a credential that no longer matches.
  const message = scrub(error instanceof Error ? error.message : String(error), caller);
  return `the backend threw ${name}: ${message.slice(0, 300)}`;
}

/** A backend's error message may quote the credential it was given: never into a trace. */
function scrub(message: string, caller: Caller): string {
  const secrets = "token" in caller ? [caller.token] : Object.values(caller.headers);
  let scrubbed = message;
  for (const secret of secrets) {
    if (secret.length >= 4) scrubbed = scrubbed.split(secret).join("[credential]");
  }
  return scrubbed.replace(/\b(bearer|basic|apikey)\s+\S+/gi, "$1 [credential]");
}
