import type { AttemptDetails, BackendAttempt } from "../../backend/search-backend.js";
import type { Caller } from "../../http/caller.js";
import { defaultLimits, type Limits } from "../../limits.js";

/** A BackendAttempt as core would hand it, recording what the backend annotates. */
export function testAttempt(
  caller: Caller,
  {
    timeLeftMs = 5000,
    limits = {},
    signal,
  }: { timeLeftMs?: number; limits?: Partial<Limits>; signal?: AbortSignal } = {},
): BackendAttempt & { details: AttemptDetails[] } {
  const details: AttemptDetails[] = [];
  return {
    caller,
    signal: signal ?? AbortSignal.timeout(timeLeftMs),
    limits: { ...defaultLimits, ...limits },
    timeLeftMs: () => timeLeftMs,
    annotate: (detail) => {
      details.push(detail);
    },
    details,
  };
}
