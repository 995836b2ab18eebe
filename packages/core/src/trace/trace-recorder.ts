import type { Clock } from "../util/clock.js";
import { randomTraceId } from "./random-trace-id.js";
import { type TelemetryOptions, ToolSpan } from "./tool-span.js";
import type { OnTrace, Trace, TraceCollection, TraceFailure, TraceRequest } from "./trace.js";

/** Where one upstream attempt went, recorded as it starts. */
export type AttemptStart = Omit<
  TraceRequest,
  "status" | "latencyMs" | "failure" | "bytes" | "redirectOrigin" | "thrown"
> & {
  /** The backend's name, for the span. */
  backend: string;
};

/** One upstream attempt under way: run it inside `run`, annotate it as it goes, then `end` it. */
export interface UpstreamAttempt {
  run<Result>(send: () => Result): Result;
  /** Span attributes the backend reported (HTTP method and URL, database system, ...). */
  annotate(attributes: Readonly<Record<string, string | number>>): void;
  end(
    status: TraceRequest["status"],
    details?: Pick<TraceRequest, "failure" | "bytes" | "redirectOrigin" | "thrown">,
  ): void;
}

/**
 * Builds one call's trace and mirrors it onto OpenTelemetry spans (a no-op until the app installs
 * an SDK). Holds no credential: requests are recorded by collection, page and status.
 */
export class TraceRecorder {
  readonly trace: Trace;
  /** The collections whose backend refused the caller's credentials during this call. */
  readonly unauthorizedCollectionIds: string[] = [];
  readonly #clock: Pick<Clock, "now">;
  readonly #started: number;
  readonly #span: ToolSpan;

  constructor({
    tool,
    backend,
    clock,
    createTraceId = randomTraceId,
    toolCallId,
    input,
    telemetry,
  }: {
    tool: Trace["tool"];
    /** The backend's name: on the trace and the tool span. */
    backend: string;
    clock: Pick<Clock, "now" | "epochMs">;
    createTraceId?: (() => string) | undefined;
    /** The framework's id of this tool call, when it passes one. */
    toolCallId?: string | undefined;
    /** The tool's arguments, recorded on the span only with `telemetry.recordInputs`. */
    input?: unknown;
    telemetry?: TelemetryOptions | undefined;
  }) {
    this.#clock = clock;
    this.#started = clock.now();
    this.trace = {
      traceId: createTraceId(),
      tool,
      backend,
      startedAt: new Date(clock.epochMs()).toISOString(),
      durationMs: 0,
      requests: [],
      collections: [],
      omitted: [],
      failures: [],
      candidates: 0,
      returned: 0,
      truncated: false,
      status: "pending",
      notes: [],
    };
    if (toolCallId !== undefined) this.trace.toolCallId = toolCallId;
    this.#span = new ToolSpan({
      tool,
      backend,
      traceId: this.trace.traceId,
      toolCallId,
      input,
      telemetry,
    });
    const { otelTraceId } = this.#span;
    if (otelTraceId !== undefined) this.trace.otelTraceId = otelTraceId;
  }

  /** Starts one upstream attempt: its span now, its trace entry (with latency) at `end`. */
  attempt({ backend, ...request }: AttemptStart): UpstreamAttempt {
    const started = this.#clock.now();
    const span = this.#span.attempt({
      backend,
      operation: request.kind,
      resendCount: request.attempt - 1,
      attributes: {
        "search_docs.collection_id": request.collectionId,
        "search_docs.page": request.page,
        "search_docs.wait_ms": Math.round(request.waitMs),
      },
    });
    return {
      run: span.run,
      annotate: span.annotate,
      end: (status, details = {}) => {
        span.end(status, details.failure !== undefined);
        this.trace.requests.push({
          ...request,
          status,
          latencyMs: Math.round((this.#clock.now() - started) * 10) / 10,
          ...details,
        });
      },
    };
  }

  collection(collection: TraceCollection): void {
    this.trace.collections.push(collection);
    if (collection.stop === "forbidden") {
      this.trace.omitted.push({
        collectionId: collection.collectionId,
        area: collection.area,
        reason: "forbidden",
      });
    }
  }

  note(note: string): void {
    this.trace.notes.push(note);
  }

  /** A note said once per call, however many pages or attempts repeat it. */
  noteOnce(note: string): void {
    if (!this.trace.notes.includes(note)) this.note(note);
  }

  /** A collection that could not be read: its typed reason, and the same in the notes. */
  failure(failure: TraceFailure): void {
    this.trace.failures.push(failure);
    if (failure.kind === "unauthorized") this.unauthorizedCollectionIds.push(failure.collectionId);
    this.note(
      `collection ${failure.collectionId} (${failure.area}) unavailable: ${failure.reason}`,
    );
  }

  /** The ref store failed or was too slow: said in the notes, and as a field an app can alert on. */
  refStoreFailed(reason: string): void {
    this.trace.refStoreFailure = reason;
    this.note(reason);
    this.#span.event("search_docs.ref_store_failed", { "search_docs.reason": reason });
  }

  /**
   * Closes the trace and hands it to `onTrace`; a failing hook never fails the call, and a
   * promise it returns is not awaited (a slow log sink costs the call nothing). `output`
   * (what the model reads) reaches the span only with `telemetry.recordOutputs`.
   */
  finish(status: string, onTrace: OnTrace | undefined, output?: unknown): Trace {
    this.trace.status = status;
    this.trace.durationMs = Math.round((this.#clock.now() - this.#started) * 10) / 10;
    this.#span.finish(this.trace, output);
    // Observability must not change the answer, nor delay it.
    if (onTrace) callHook(() => onTrace(this.trace));
    return this.trace;
  }
}

/**
 * Runs an app's hook beside the call: what it throws, or a promise it returns rejects with, is
 * ignored, and that promise is not awaited.
 */
export function callHook(hook: () => unknown): void {
  try {
    const result = hook() as { then?: unknown } | undefined;
    if (typeof result?.then === "function") {
      (result as PromiseLike<unknown>).then(undefined, () => {});
    }
  } catch {
    // The hook is the app's; what it throws must not change the answer.
  }
}
