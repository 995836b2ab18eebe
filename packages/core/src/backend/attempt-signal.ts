/**
 * A signal one attempt owns, aborted straight from `signals` (the attempt's and the call's
 * deadline). The backend gets this one rather than one derived with `AbortSignal.any`: a
 * signal derived through a chain that nothing else holds may be collected before it fires, and
 * then neither the socket nor the in-flight slot would be let go until the transport's own
 * timeouts (minutes, in undici). `dispose()` removes the listeners once the attempt is over.
 */
export function attemptSignal(signals: readonly AbortSignal[]): {
  signal: AbortSignal;
  dispose(): void;
} {
  const controller = new AbortController();
  const onAbort = () => {
    const source = signals.find((candidate) => candidate.aborted);
    controller.abort(source?.reason);
  };
  for (const signal of signals) signal.addEventListener("abort", onAbort, { once: true });
  if (signals.some((signal) => signal.aborted)) onAbort();
  return {
    signal: controller.signal,
    dispose: () => {
      for (const signal of signals) signal.removeEventListener("abort", onAbort);
    },
  };
}
