import { trace as otel, type Span, SpanStatusCode } from "@opentelemetry/api";
import type { Clock } from "../util/clock.js";
import { randomTraceId } from "./random-trace-id.js";
import type { OnTrace, Trace, TraceCollection, TraceFailure, TraceRequest } from "./trace.js";

const tracer = otel.getTracer("@search-docs/core");

/**
 * Builds one call's trace and mirrors it onto an OpenTelemetry span (a no-op until the app
 * installs an SDK). Holds no credential: requests are recorded by collection, page and status.
 */
export class TraceRecorder {
  readonly trace: Trace;
  readonly #clock: Pick<Clock, "now">;
  readonly #started: number;
  readonly #span: Span;

  constructor({
    tool,
    clock,
    createTraceId = randomTraceId,
  }: {
    tool: Trace["tool"];
    clock: Pick<Clock, "now" | "epochMs">;
    createTraceId?: (() => string) | undefined;
  }) {
    this.#clock = clock;
    this.#started = clock.now();
    this.trace = {
      traceId: createTraceId(),
      tool,
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
    this.#span = tracer.startSpan(tool, {
      attributes: { "search_docs.trace_id": this.trace.traceId },
    });
  }

  request(request: TraceRequest): void {
    this.trace.requests.push(request);
    this.#span.addEvent("upstream_request", {
      "search_docs.collection_id": request.collectionId,
      "search_docs.page": request.page,
      "search_docs.attempt": request.attempt,
      "search_docs.status": String(request.status),
      "search_docs.wait_ms": Math.round(request.waitMs),
      "search_docs.latency_ms": Math.round(request.latencyMs),
    });
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

  /** A collection that could not be read: its typed reason, and the same in the notes. */
  failure(failure: TraceFailure): void {
    this.trace.failures.push(failure);
    this.note(
      `collection ${failure.collectionId} (${failure.area}) unavailable: ${failure.reason}`,
    );
  }

  /** Closes the trace and hands it to `onTrace`; a failing hook never fails the call. */
  async finish(status: string, onTrace: OnTrace | undefined): Promise<Trace> {
    this.trace.status = status;
    this.trace.durationMs = Math.round((this.#clock.now() - this.#started) * 10) / 10;
    this.#span.setAttributes({
      "search_docs.status": status,
      "search_docs.upstream_requests": this.trace.requests.length,
      "search_docs.returned": this.trace.returned,
      "search_docs.truncated": this.trace.truncated,
    });
    if (status === "unavailable" || status === "aborted") {
      this.#span.setStatus({ code: SpanStatusCode.ERROR, message: status });
    }
    this.#span.end();
    if (onTrace) {
      try {
        await onTrace(this.trace);
      } catch {
        // Observability must not change the answer.
      }
    }
    return this.trace;
  }
}
