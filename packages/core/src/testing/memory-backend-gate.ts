import type { BackendAttempt, BackendFailure } from "../backend/search-backend.js";
import type { Caller } from "../contract/caller.js";
import type {
  MemoryBackendOptions,
  MemoryBackendRequest,
  ScriptedFailure,
} from "./memory-backend-options.js";

/**
 * What every attempt of a memory backend goes through first: the wait, the script, the
 * collection, access. Answers the failure the attempt meets, or the collection it may search.
 */
export type AttemptGate<Collection> = (
  request: MemoryBackendRequest,
  attempt: BackendAttempt,
) => Promise<BackendFailure | Collection>;

export function attemptGate<Collection>(
  options: Pick<MemoryBackendOptions, "failures" | "readers" | "hang">,
  delayMs: number,
  collections: ReadonlyMap<string, Collection>,
): AttemptGate<Collection> {
  // Queues are copied: the backend takes from its own, never from the caller's array.
  const failures = new Map<string, ScriptedFailure>();
  for (const [collectionId, failure] of Object.entries(options.failures ?? {})) {
    failures.set(collectionId, Array.isArray(failure) ? [...failure] : failure);
  }
  const readers = options.readers;

  const refusal = (collectionId: string, caller: Caller): BackendFailure | undefined => {
    const allowed = readers?.[collectionId];
    if (allowed === undefined) return undefined;
    const token = callerToken(caller);
    return token !== undefined && allowed.includes(token)
      ? undefined
      : { kind: "forbidden", reason: `the caller may not read ${collectionId}` };
  };

  const scripted = (request: MemoryBackendRequest): BackendFailure | undefined => {
    const failure = failures.get(request.collectionId);
    if (failure === undefined) return undefined;
    if (typeof failure === "function") return failure(request);
    if (Array.isArray(failure)) return (failure as BackendFailure[]).shift();
    return failure as BackendFailure;
  };

  return async (request, attempt) => {
    await wait(attempt.signal, delayMs, options.hang);
    const failure = scripted(request);
    if (failure !== undefined) return failure;
    const collection = collections.get(request.collectionId);
    if (collection === undefined) {
      return {
        kind: "failed",
        cause: "misconfigured",
        reason: `no collection ${request.collectionId} in this memory backend`,
      };
    }
    return refusal(request.collectionId, attempt.caller) ?? collection;
  };
}

/** The caller's token: `{ token }`, or the `Bearer` value of an authorization header. */
function callerToken(caller: Caller): string | undefined {
  if ("token" in caller) return caller.token;
  for (const [name, value] of Object.entries(caller.headers)) {
    if (name.toLowerCase() === "authorization" && /^bearer /i.test(value))
      return value.slice(7).trim();
  }
  return undefined;
}

/** Waits `delayMs` (or forever), ending early with the signal's reason unless told to ignore it. */
function wait(
  signal: AbortSignal,
  delayMs: number,
  hang: MemoryBackendOptions["hang"],
): Promise<void> {
  if (hang === "forever") return new Promise(() => {});
  if (signal.aborted) return Promise.reject(signal.reason);
  if (hang === undefined && delayMs === 0) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const timer = hang === undefined ? setTimeout(done, delayMs) : undefined;
    function done() {
      signal.removeEventListener("abort", aborted);
      resolve();
    }
    function aborted() {
      clearTimeout(timer);
      reject(signal.reason);
    }
    signal.addEventListener("abort", aborted, { once: true });
  });
}
