/**
 * `promise`, or the signal's reason as soon as it aborts, whichever comes first: work that
 * ignores its signal (an injected fetch, a custom reranker) cannot hold the wait. What the lost
 * promise later resolves to is passed to `discard` (a response whose body nobody will read, say).
 */
export function raceSignal<Value>(
  promise: Promise<Value>,
  signal: AbortSignal | undefined,
  discard: (value: Value) => void,
): Promise<Value> {
  if (signal === undefined) return promise;
  if (signal.aborted) {
    promise.then(discard, () => {});
    return Promise.reject(signal.reason);
  }
  return new Promise<Value>((resolve, reject) => {
    const onAbort = () => {
      promise.then(discard, () => {});
      reject(signal.reason);
    };
    signal.addEventListener("abort", onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener("abort", onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener("abort", onAbort);
        reject(error);
      },
    );
  });
}
