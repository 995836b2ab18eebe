import type { DocsSearch } from "../create-docs-search.js";
import type { Trace } from "../trace/trace.js";
import { createTestDocsSearch } from "./create-test-docs-search.js";
import type { FakeDocsService } from "./fake-docs-service.js";

/** What an abort mid-call came to: how the call ended, how soon, and what core traced. */
export interface AbortedCall {
  /** What the call rejected with (undefined if it resolved). */
  rejection: unknown;
  /** From the call's start to its end, in wall time. */
  elapsedMs: number;
  /** The status of every trace core has recorded so far ("aborted" when core saw the abort). */
  traceStatuses: () => string[];
}

/**
 * Runs `call` (a framework run that ends in a docs tool call) on a docs search whose upstream
 * answers after `latencyMs`, and aborts its signal with `new Error(reason)` after `abortAfterMs`:
 * an adapter that hands the framework's signal to core rejects promptly and core traces the abort.
 */
export async function abortMidCall(
  service: FakeDocsService,
  call: (docs: DocsSearch, signal: AbortSignal) => Promise<unknown>,
  { latencyMs = 2_000, abortAfterMs = 100, reason = "user left" } = {},
): Promise<AbortedCall> {
  const traces: Trace[] = [];
  const docs = createTestDocsSearch(service, { onTrace: (trace) => void traces.push(trace) });
  const controller = new AbortController();
  service.setLatency(() => latencyMs);
  const timer = setTimeout(() => controller.abort(new Error(reason)), abortAfterMs);
  const started = Date.now();
  let rejection: unknown;
  try {
    await call(docs, controller.signal);
  } catch (error) {
    rejection = error;
  } finally {
    clearTimeout(timer);
    service.setLatency(undefined);
  }
  return {
    rejection,
    elapsedMs: Date.now() - started,
    traceStatuses: () => traces.map((trace) => trace.status),
  };
}
