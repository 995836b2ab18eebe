import {
  BasicTracerProvider,
  InMemorySpanExporter,
  SimpleSpanProcessor,
} from "@opentelemetry/sdk-trace-base";
import { beforeAll, expect, it } from "vitest";
import { loadOpenTelemetryApi } from "./open-telemetry-api.js";
import { TraceRecorder } from "./trace-recorder.js";

// A tool call loads the API before its span starts; a recorder built by hand does the same.
beforeAll(() => loadOpenTelemetryApi());

it("records each attempt in the trace and as a span under the tool's, and hands the trace on", async () => {
  const exporter = new InMemorySpanExporter();
  const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
  let now = 0;
  const recorder = new TraceRecorder({
    tool: "search_docs",
    backend: "v2-http",
    clock: { now: () => now, epochMs: () => 0 },
    telemetry: { tracer: provider.getTracer("test") },
  });
  const attempt = recorder.attempt({
    collectionId: "c1",
    area: "runbooks",
    kind: "search",
    page: 1,
    attempt: 1,
    waitMs: 0,
    backend: "v2-http",
  });
  attempt.annotate({
    "http.request.method": "GET",
    "url.full": "http://127.0.0.1:8080/v2/collections/c1/documents/search?query=x",
    "url.template": "/v2/collections/{collection_id}/documents/search",
  });
  now = 12;
  attempt.end(200);
  const received: unknown[] = [];
  const finished = recorder.finish("ok", (value) => {
    received.push(value);
  });
  expect(received).toEqual([finished]);
  expect(finished.backend).toBe("v2-http");
  expect(finished.requests).toEqual([
    {
      collectionId: "c1",
      area: "runbooks",
      kind: "search",
      page: 1,
      attempt: 1,
      status: 200,
      waitMs: 0,
      latencyMs: 12,
    },
  ]);
  const [child, parent] = exporter.getFinishedSpans();
  expect(parent?.name).toBe("execute_tool search_docs");
  expect(parent?.attributes).toMatchObject({
    "search_docs.trace_id": finished.traceId,
    "search_docs.backend": "v2-http",
    "search_docs.status": "ok",
    "search_docs.upstream_requests": 1,
  });
  expect(child?.parentSpanContext?.spanId).toBe(parent?.spanContext().spanId);
  expect(finished.otelTraceId).toBe(parent?.spanContext().traceId);
});

it("takes its id and start time from the injected edges, and its duration from the clock", async () => {
  let now = 1000;
  const recorder = new TraceRecorder({
    tool: "get_document",
    backend: "memory",
    clock: { now: () => now, epochMs: () => Date.UTC(2026, 10, 30, 12) + now },
    createTraceId: () => "trace-1",
  });
  expect(recorder.trace.traceId).toBe("trace-1");
  expect(recorder.trace.startedAt).toBe("2026-11-30T12:00:01.000Z");
  now = 1250.04;
  const finished = recorder.finish("ok", undefined);
  expect(finished.durationMs).toBe(250);
});

it("makes a fresh random UUID per trace by default", () => {
  const clock = { now: () => 0, epochMs: () => 0 };
  const first = new TraceRecorder({ tool: "search_docs", backend: "memory", clock }).trace.traceId;
  const second = new TraceRecorder({ tool: "search_docs", backend: "memory", clock }).trace.traceId;
  expect(first).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  expect(second).not.toBe(first);
});
