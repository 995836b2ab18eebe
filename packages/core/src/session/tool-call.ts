import type { Trace } from "../trace/trace.js";
import { callHook, TraceRecorder } from "../trace/trace-recorder.js";
import { Deadline } from "../util/deadline.js";
import type { DocsEngine } from "./docs-engine.js";

/**
 * One tool call's lifecycle, the same for search_docs and get_document: its trace, its one
 * deadline joined with the caller's signal, and its two ways to end — finished with a status, or
 * aborted by the caller. `dispose()` it in a `finally`.
 */
export class ToolCall {
  readonly recorder: TraceRecorder;
  readonly deadline: Deadline;
  readonly #engine: DocsEngine;

  constructor(
    engine: DocsEngine,
    tool: Trace["tool"],
    {
      signal,
      toolCallId,
      input,
    }: {
      signal: AbortSignal | undefined;
      toolCallId: string | undefined;
      /** The parsed arguments, for the span when the app opts in to recording inputs. */
      input: unknown;
    },
  ) {
    this.#engine = engine;
    this.recorder = new TraceRecorder({
      tool,
      backend: engine.session.backendName,
      clock: engine.clock,
      createTraceId: engine.createTraceId,
      toolCallId,
      input,
      telemetry: engine.telemetry,
    });
    this.deadline = new Deadline({
      clock: engine.clock,
      timeoutMs: engine.limits.deadlineMs,
      signal,
    });
  }

  /**
   * Closes the trace with the call's status (and output, for the span) and hands it to
   * `onTrace`; when the backend refused the caller's credentials, tells `onUnauthorized` too, so
   * the app can re-authenticate the user.
   */
  finish(status: string, output?: unknown): Trace {
    const trace = this.recorder.finish(status, this.#engine.onTrace, output);
    const { onUnauthorized } = this.#engine;
    const collectionIds = [...this.recorder.unauthorizedCollectionIds];
    if (onUnauthorized !== undefined && collectionIds.length > 0) {
      callHook(() => onUnauthorized({ tool: trace.tool, traceId: trace.traceId, collectionIds }));
    }
    return trace;
  }

  /**
   * When the caller (not the deadline) cancelled, the trace says so and this throws the signal's
   * reason: an abort rejects the call, where a deadline only makes the late collections unavailable.
   */
  throwIfCallerAborted(): void {
    if (!this.deadline.callerAborted) return;
    this.recorder.note("aborted by the caller");
    this.finish("aborted");
    throw (
      this.deadline.signal.reason ?? new DOMException("The operation was aborted", "AbortError")
    );
  }

  /** The backend refused the caller's credentials during this call: re-authenticate the user. */
  get unauthorized(): boolean {
    return this.recorder.unauthorizedCollectionIds.length > 0;
  }

  dispose(): void {
    this.deadline.dispose();
  }
}
