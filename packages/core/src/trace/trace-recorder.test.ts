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
  const recorder = new TraceRecorder({ tool: "search_docs", clock: { now: () => 0 } });
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
