import type { Attributes, Context, Span, Tracer } from "@opentelemetry/api";
import { descriptions } from "../contract/contract.js";
import { openTelemetryApi, spansCanRecord } from "./open-telemetry-api.js";
import type { Trace, TraceRequest } from "./trace.js";

/** What spans may carry beyond the defaults. Off by default: queries and answers are user data. */
export interface TelemetryOptions {
  /** Default: the global tracer (a no-op until the app installs an OpenTelemetry SDK). */
  tracer?: Tracer;
  /** Record the tool's arguments (the user's query, the ref) and the query in upstream URLs. */
  recordInputs?: boolean;
  /** Record the tool's result (what the model reads) on the tool span. */
  recordOutputs?: boolean;
}

// Asked for on the first call, not at import.
let defaultTracer: Tracer | undefined;

// The query and cursor say what the user asked: only with recordInputs do they reach a span.
const userParameters = ["query", "cursor"];

/** One upstream attempt's span: `run` the attempt inside it, `end` it with the attempt's status. */
export interface AttemptSpan {
  run<Result>(send: () => Result): Result;
  annotate(attributes: Readonly<Record<string, string | number>>): void;
  end(status: TraceRequest["status"], failed: boolean): void;
}

// The attempt of a call whose spans cannot record: the attempt runs as it is.
const silentAttempt: AttemptSpan = {
  run: (send) => send(),
  annotate: () => {},
  end: () => {},
};

/**
 * One tool call as OpenTelemetry spans, after the GenAI and HTTP client semantic conventions: an
 * INTERNAL `execute_tool <tool>` span, and a CLIENT span per upstream attempt under it. Never a
 * credential: no header is recorded.
 */
export class ToolSpan {
  // Undefined when no span can record (`spansCanRecord`): then every method does nothing.
  readonly #api: ReturnType<typeof openTelemetryApi> | undefined;
  readonly #span: Span | undefined;
  readonly #context: Context | undefined;
  readonly #tracer: Tracer | undefined;
  readonly #recordInputs: boolean;
  readonly #recordOutputs: boolean;

  constructor({
    tool,
    backend,
    traceId,
    toolCallId,
    input,
    telemetry = {},
  }: {
    tool: Trace["tool"];
    /** The backend's name (DESIGN §2): which one answered, on the tool span too. */
    backend: string;
    traceId: string;
    toolCallId?: string | undefined;
    input?: unknown;
    telemetry?: TelemetryOptions | undefined;
  }) {
    this.#recordInputs = telemetry.recordInputs === true;
    this.#recordOutputs = telemetry.recordOutputs === true;
    if (!spansCanRecord(telemetry)) return;
    const api = openTelemetryApi();
    this.#api = api;
    defaultTracer ??= api.trace.getTracer("@search-docs/core");
    this.#tracer = telemetry.tracer ?? defaultTracer;
    const attributes: Attributes = {
      "gen_ai.operation.name": "execute_tool",
      "gen_ai.tool.name": tool,
      "gen_ai.tool.description": descriptions[tool],
      // A tool an agent uses to query external data for retrieval (the conventions' datastore).
      "gen_ai.tool.type": "datastore",
      "search_docs.trace_id": traceId,
      "search_docs.backend": backend,
    };
    if (toolCallId !== undefined) attributes["gen_ai.tool.call.id"] = toolCallId;
    if (this.#recordInputs && input !== undefined) {
      attributes["gen_ai.tool.call.arguments"] = JSON.stringify(input);
    }
    this.#span = this.#tracer.startSpan(`execute_tool ${tool}`, {
      kind: api.SpanKind.INTERNAL,
      attributes,
    });
    this.#context = api.trace.setSpan(api.context.active(), this.#span);
  }

  /** The OpenTelemetry trace id, when an SDK records the span (undefined with the no-op API). */
  get otelTraceId(): string | undefined {
    if (this.#span === undefined) return undefined;
    const { traceId } = this.#span.spanContext();
    return this.#span.isRecording() && /[^0]/.test(traceId) ? traceId : undefined;
  }

  event(name: string, attributes: Attributes): void {
    this.#span?.addEvent(name, attributes);
  }

  /**
   * A CLIENT span for one attempt, a child of the tool span, named after the backend until the
   * backend says more: an HTTP backend's method, URL and template rename it after the HTTP client
   * conventions (`GET /v2/collections/{collection_id}/documents/search`). `run` the attempt inside it.
   */
  attempt(request: {
    backend: string;
    operation: string;
    resendCount: number;
    attributes: Attributes;
  }): AttemptSpan {
    const api = this.#api;
    if (api === undefined || this.#tracer === undefined || this.#context === undefined) {
      return silentAttempt;
    }
    const attributes: Attributes = {
      "search_docs.backend": request.backend,
      ...request.attributes,
    };
    if (request.resendCount > 0) attributes["http.request.resend_count"] = request.resendCount;
    const span = this.#tracer.startSpan(
      `${request.operation} ${request.backend}`,
      { kind: api.SpanKind.CLIENT, attributes },
      this.#context,
    );
    const context = api.trace.setSpan(this.#context, span);
    return {
      // An instrumented fetch (undici's, say) then nests its own span under this attempt.
      run: (send) => api.context.with(context, send),
      annotate: (details) => {
        // A span that records nothing (the API without an SDK, or one not sampled) drops every
        // attribute it is given: parsing and scrubbing the URL for it was most of an attempt's
        // span cost.
        if (!span.isRecording()) return;
        const { "url.full": url, ...rest } = details;
        span.setAttributes(rest);
        const method = details["http.request.method"];
        if (typeof url === "string" && URL.canParse(url)) {
          const parsed = new URL(url);
          span.setAttributes({
            "server.address": parsed.hostname.replace(/^\[|\]$/g, ""),
            "server.port": Number(parsed.port) || (parsed.protocol === "https:" ? 443 : 80),
            "url.full": this.#scrub(parsed),
          });
        }
        const template = details["url.template"];
        if (typeof method === "string" && typeof template === "string") {
          span.updateName(`${method.toUpperCase()} ${template}`);
        }
      },
      end: (status, failed) => {
        if (typeof status === "number") span.setAttribute("http.response.status_code", status);
        if (failed && status !== "aborted") {
          span.setAttribute("error.type", String(status));
          span.setStatus({ code: api.SpanStatusCode.ERROR });
        }
        span.end();
      },
    };
  }

  /** Ends the tool span with the call's status (and its output, with recordOutputs). */
  finish(trace: Trace, output: unknown): void {
    if (this.#span === undefined || this.#api === undefined) return;
    this.#span.setAttributes({
      "search_docs.status": trace.status,
      "search_docs.upstream_requests": trace.requests.length,
      "search_docs.returned": trace.returned,
      "search_docs.truncated": trace.truncated,
    });
    if (this.#recordOutputs && output !== undefined) {
      this.#span.setAttribute("gen_ai.tool.call.result", JSON.stringify(output));
    }
    // The backend could not answer: an error for whoever runs it. A caller's cancel is not one.
    if (trace.status === "unavailable") {
      this.#span.setAttribute("error.type", "unavailable");
      this.#span.setStatus({ code: this.#api.SpanStatusCode.ERROR, message: "unavailable" });
    }
    this.#span.end();
  }

  /**
   * The URL without the user's query unless recordInputs. (It never holds a credential: fetch
   * refuses URLs with user:password, and the caller's credentials travel in headers only.)
   */
  #scrub(url: URL): string {
    const scrubbed = new URL(url);
    if (!this.#recordInputs) {
      for (const name of userParameters) {
        if (scrubbed.searchParams.has(name)) scrubbed.searchParams.set(name, "REDACTED");
      }
    }
    return scrubbed.href;
  }
}
