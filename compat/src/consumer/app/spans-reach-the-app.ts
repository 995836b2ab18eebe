import { trace } from "@opentelemetry/api";
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  SimpleSpanProcessor,
} from "@opentelemetry/sdk-trace-base";
import { createDocsSearch } from "@search-docs/core";
import type { FakeDocsService } from "@search-docs/core/testing";

/**
 * The app's own tracer provider, registered through the app's @opentelemetry/api: core's spans
 * must arrive there beside the app's span (they were dropped when core brought its own API copy).
 */
export async function spansReachTheApp(service: FakeDocsService) {
  const exporter = new InMemorySpanExporter();
  const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
  trace.setGlobalTracerProvider(provider);
  try {
    const appSpan = trace.getTracer("consumer-app").startSpan("app request");
    const docs = createDocsSearch({ baseUrl: service.url, areas: service.areas });
    const caller = { token: service.tokens.everything };
    const search = await docs.search({ query: "rotate a service account key" }, { caller });
    await docs.getDocument({ ref: search.output.results[0]?.ref ?? "" }, { caller });
    appSpan.end();
    await provider.forceFlush();
    return exporter.getFinishedSpans().map((span) => ({
      name: span.name,
      scope: span.instrumentationScope.name,
    }));
  } finally {
    trace.disable();
    await provider.shutdown();
  }
}
