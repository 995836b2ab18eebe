import { SpanKind, SpanStatusCode } from "@opentelemetry/api";
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  type ReadableSpan,
  SimpleSpanProcessor,
} from "@opentelemetry/sdk-trace-base";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { DocsSearchOptions } from "../create-docs-search.js";
import { createTestDocsSearch } from "../testing/create-test-docs-search.js";
import type { FakeDocsService } from "../testing/fake-docs-service.js";
import { startFakeDocsService } from "../testing/start-fake-docs-service.js";

// The spans as the real OpenTelemetry SDK records them (its in-memory exporter), for calls
// against the fake docs service: GenAI execute_tool conventions for the tool, HTTP client
// conventions for each upstream attempt.

const query = "how do I rotate a service account key";
const searchTemplate = "/v2/collections/{collection_id}/documents/search";

let service: FakeDocsService;
const exporter = new InMemorySpanExporter();
const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
const tracer = provider.getTracer("test");

beforeAll(async () => {
  service = await startFakeDocsService();
});
afterEach(() => {
  exporter.reset();
  service.clearFaults();
});
afterAll(async () => {
  await service?.close();
  await provider.shutdown();
});

const everything = () => ({ caller: { token: service.tokens.everything } });
const docsWith = (telemetry: DocsSearchOptions["telemetry"] = { tracer }) =>
  createTestDocsSearch(service, { telemetry });
const spans = () => exporter.getFinishedSpans();
const toolSpan = () => spans().find((span) => span.name.startsWith("execute_tool")) as ReadableSpan;
const attemptSpans = () => spans().filter((span) => span.kind === SpanKind.CLIENT);
const everyValue = () =>
  JSON.stringify(spans().map((span) => [span.name, span.attributes, span.events]));

describe("the execute_tool span", () => {
  it("search_docs: named and attributed after the GenAI conventions, its id in the trace", async () => {
    const { trace } = await docsWith().search({ query }, { ...everything(), toolCallId: "call_1" });
    const span = toolSpan();
    expect(span.name).toBe("execute_tool search_docs");
    expect(span.kind).toBe(SpanKind.INTERNAL);
    expect(span.attributes).toMatchObject({
      "gen_ai.operation.name": "execute_tool",
      "gen_ai.tool.name": "search_docs",
      "gen_ai.tool.type": "datastore",
      "gen_ai.tool.call.id": "call_1",
      "search_docs.trace_id": trace.traceId,
      "search_docs.status": "ok",
      "search_docs.upstream_requests": trace.requests.length,
    });
    expect(span.attributes["gen_ai.tool.description"]).toEqual(expect.any(String));
    expect(span.status.code).toBe(SpanStatusCode.UNSET);
    expect(trace.otelTraceId).toBe(span.spanContext().traceId);
    expect(trace.toolCallId).toBe("call_1");
  });

  it("get_document: the same, without a tool call id when the framework passes none", async () => {
    const docs = docsWith();
    const { output } = await docs.search({ query }, everything());
    exporter.reset();
    const { trace } = await docs.getDocument(
      { ref: output.results[0]?.ref as string },
      everything(),
    );
    expect(toolSpan().name).toBe("execute_tool get_document");
    expect(toolSpan().attributes["gen_ai.tool.call.id"]).toBeUndefined();
    expect(trace.otelTraceId).toBe(toolSpan().spanContext().traceId);
  });

  it("no query, ref or answer on any span unless the app opts in", async () => {
    const docs = docsWith();
    const { output } = await docs.search({ query }, everything());
    const ref = output.results[0]?.ref as string;
    await docs.getDocument({ ref }, everything());
    expect(everyValue()).not.toContain("rotate");
    expect(everyValue()).not.toContain(ref);
    expect(toolSpan().attributes["gen_ai.tool.call.arguments"]).toBeUndefined();
    expect(toolSpan().attributes["gen_ai.tool.call.result"]).toBeUndefined();
    expect(attemptSpans()[0]?.attributes["url.full"]).toMatch(/[?&]query=REDACTED(&|$)/);
  });

  it("recordInputs and recordOutputs put the arguments, the query and the answer on the spans", async () => {
    const docs = docsWith({ tracer, recordInputs: true, recordOutputs: true });
    const { output } = await docs.search({ query: `  ${query} ` }, everything());
    expect(JSON.parse(toolSpan().attributes["gen_ai.tool.call.arguments"] as string)).toEqual({
      query,
    });
    expect(JSON.parse(toolSpan().attributes["gen_ai.tool.call.result"] as string)).toEqual(output);
    const url = new URL(attemptSpans()[0]?.attributes["url.full"] as string);
    expect(url.searchParams.get("query")).toBe(query);
  });

  it("an unavailable answer is an error (error.type unavailable); a caller's cancel is not", async () => {
    for (const id of service.areas.runbooks ?? []) service.setFault(id, { kind: "reindex" });
    await docsWith().search({ query, area: "runbooks" }, everything());
    expect(toolSpan().attributes["error.type"]).toBe("unavailable");
    expect(toolSpan().status.code).toBe(SpanStatusCode.ERROR);

    exporter.reset();
    service.clearFaults();
    const cancel = new AbortController();
    cancel.abort();
    await expect(
      docsWith().search({ query }, { ...everything(), signal: cancel.signal }),
    ).rejects.toThrow();
    expect(toolSpan().attributes["search_docs.status"]).toBe("aborted");
    expect(toolSpan().attributes["error.type"]).toBeUndefined();
    expect(toolSpan().status.code).toBe(SpanStatusCode.UNSET);
  });

  it("without an SDK the API is a no-op and the trace has no OpenTelemetry id", async () => {
    const { trace } = await docsWith({}).search({ query }, everything());
    expect(trace.otelTraceId).toBeUndefined();
    expect(spans()).toEqual([]);
  });
});

describe("a span per upstream attempt", () => {
  it("after the HTTP client conventions, each a child of the tool span", async () => {
    const { trace } = await docsWith().search({ query }, everything());
    const attempts = attemptSpans();
    expect(attempts).toHaveLength(trace.requests.length);
    const origin = new URL(service.url);
    for (const span of attempts) {
      expect(span.name).toBe(`GET ${searchTemplate}`);
      expect(span.parentSpanContext?.spanId).toBe(toolSpan().spanContext().spanId);
      expect(span.spanContext().traceId).toBe(trace.otelTraceId);
      expect(span.attributes).toMatchObject({
        "http.request.method": "GET",
        "http.response.status_code": 200,
        "server.address": origin.hostname,
        "server.port": Number(origin.port),
        "url.template": searchTemplate,
      });
      expect(span.attributes["http.request.resend_count"]).toBeUndefined();
      expect(span.attributes["error.type"]).toBeUndefined();
      const url = new URL(span.attributes["url.full"] as string);
      expect(url.origin).toBe(origin.origin);
      expect(url.pathname).toMatch(/^\/v2\/collections\/[^/]+\/documents\/search$/);
    }
  });

  it("behind a base URL with a path, the template keeps that path", async () => {
    const docs = createTestDocsSearch(
      { url: `${service.url}/docs-api`, areas: service.areas },
      {
        telemetry: { tracer },
        // A proxy that serves the API under /docs-api.
        fetch: (url, init) => fetch(String(url).replace("/docs-api/", "/"), init),
      },
    );
    await docs.search({ query, area: "runbooks" }, everything());
    expect(attemptSpans()[0]?.name).toBe(`GET /docs-api${searchTemplate}`);
    expect(new URL(attemptSpans()[0]?.attributes["url.full"] as string).pathname).toMatch(
      /^\/docs-api\/v2\//,
    );
  });

  it("resends carry http.request.resend_count, and a 409 is an error with error.type 409", async () => {
    const [runbooks] = service.areas.runbooks ?? [];
    service.setFault(runbooks as string, { kind: "reindex", requests: 2 });
    const { trace } = await docsWith().search({ query, area: "runbooks" }, everything());
    expect(trace.requests.map((request) => request.status).slice(0, 3)).toEqual([409, 409, 200]);
    const [first, second, third] = attemptSpans();
    expect(first?.attributes["http.request.resend_count"]).toBeUndefined();
    expect(second?.attributes["http.request.resend_count"]).toBe(1);
    expect(third?.attributes["http.request.resend_count"]).toBe(2);
    expect(first?.attributes).toMatchObject({
      "http.response.status_code": 409,
      "error.type": "409",
    });
    expect(first?.status.code).toBe(SpanStatusCode.ERROR);
    expect(third?.status.code).toBe(SpanStatusCode.UNSET);
  });

  it("404 (nothing matched) and 403 (left out) are answers, not errors", async () => {
    await docsWith().search({ query: "zyxqv wombat quux" }, everything());
    expect(attemptSpans().map((span) => span.attributes["http.response.status_code"])).toContain(
      404,
    );
    expect(attemptSpans().every((span) => span.attributes["error.type"] === undefined)).toBe(true);

    exporter.reset();
    await docsWith().search({ query }, { caller: { token: service.tokens.noPolicies } });
    const forbidden = attemptSpans().filter(
      (span) => span.attributes["http.response.status_code"] === 403,
    );
    expect(forbidden).toHaveLength(1);
    expect(forbidden[0]?.status.code).toBe(SpanStatusCode.UNSET);
  });

  it("a timeout or a reset without a status: error.type names what happened", async () => {
    const [runbooks] = service.areas.runbooks ?? [];
    service.setFault(runbooks as string, { kind: "reset" });
    await docsWith().search({ query, area: "runbooks" }, everything());
    const errorTypes = new Set(attemptSpans().map((span) => span.attributes["error.type"]));
    expect(errorTypes).toEqual(new Set(["network"]));
    expect(attemptSpans().every((span) => span.status.code === SpanStatusCode.ERROR)).toBe(true);
    expect(attemptSpans()[0]?.attributes["http.response.status_code"]).toBeUndefined();
  });

  it("never a credential: no token, no Bearer, no header on any span", async () => {
    const token = service.tokens.everything;
    const docs = docsWith({ tracer, recordInputs: true, recordOutputs: true });
    const { output } = await docs.search({ query }, { caller: { token } });
    await docs.getDocument({ ref: output.results[0]?.ref as string }, { caller: { token } });
    await docs.search({ query }, { caller: { headers: { "x-docs-user": token } } });
    expect(everyValue()).not.toContain(token);
    expect(everyValue().toLowerCase()).not.toContain("bearer");
    expect(everyValue()).not.toContain("http.request.header");
  });
});
