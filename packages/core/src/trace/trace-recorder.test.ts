import { type Span, type Tracer, type TracerProvider, trace } from "@opentelemetry/api";
import { afterEach, expect, it } from "vitest";
import { TraceRecorder } from "./trace-recorder.js";

// A minimal provider, enough to see what the recorder hands OpenTelemetry once an app installs an SDK.
function recordingProvider() {
  const spans: Array<{
    name: string;
    attributes: Record<string, unknown>;
    events: string[];
    ended: boolean;
  }> = [];
  const tracer: Tracer = {
    startSpan(name, options) {
      const record = {
        name,
        attributes: { ...options?.attributes },
        events: [] as string[],
        ended: false,
      };
      spans.push(record);
      const span = {
        setAttributes: (attributes: Record<string, unknown>) => {
          Object.assign(record.attributes, attributes);
          return span;
        },
        addEvent: (event: string) => {
          record.events.push(event);
          return span;
        },
        setStatus: () => span,
        end: () => {
          record.ended = true;
        },
      } as unknown as Span;
      return span;
    },
    startActiveSpan: (() => {
      throw new Error("not used");
    }) as Tracer["startActiveSpan"],
  };
  const provider: TracerProvider = { getTracer: () => tracer };
  return { provider, spans };
}

afterEach(() => trace.disable());

it("mirrors a call onto one OpenTelemetry span, with an event per upstream request", async () => {
  const { provider, spans } = recordingProvider();
  trace.setGlobalTracerProvider(provider);
  const recorder = new TraceRecorder({
    tool: "search_docs",
    clock: { now: () => 0, epochMs: () => 0 },
  });
  recorder.request({
    collectionId: "c1",
    area: "runbooks",
    kind: "search",
    page: 1,
    attempt: 1,
    status: 200,
    waitMs: 0,
    latencyMs: 12,
  });
  const received: unknown[] = [];
  const finished = await recorder.finish("ok", (value) => {
    received.push(value);
  });
  expect(received).toEqual([finished]);
  expect(spans).toHaveLength(1);
  expect(spans[0]).toMatchObject({
    name: "search_docs",
    events: ["upstream_request"],
    ended: true,
    attributes: {
      "search_docs.trace_id": finished.traceId,
      "search_docs.status": "ok",
      "search_docs.upstream_requests": 1,
    },
  });
});

it("takes its id and start time from the injected edges, and its duration from the clock", async () => {
  let now = 1000;
  const recorder = new TraceRecorder({
    tool: "get_document",
    clock: { now: () => now, epochMs: () => Date.UTC(2026, 10, 30, 12) + now },
    createTraceId: () => "trace-1",
  });
  expect(recorder.trace.traceId).toBe("trace-1");
  expect(recorder.trace.startedAt).toBe("2026-11-30T12:00:01.000Z");
  now = 1250.04;
  const finished = await recorder.finish("ok", undefined);
  expect(finished.durationMs).toBe(250);
});

it("makes a fresh random UUID per trace by default", () => {
  const clock = { now: () => 0, epochMs: () => 0 };
  const first = new TraceRecorder({ tool: "search_docs", clock }).trace.traceId;
  const second = new TraceRecorder({ tool: "search_docs", clock }).trace.traceId;
  expect(first).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  expect(second).not.toBe(first);
});
