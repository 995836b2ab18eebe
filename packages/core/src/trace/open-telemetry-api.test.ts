import { BasicTracerProvider } from "@opentelemetry/sdk-trace-base";
import { expect, it } from "vitest";
import { loadOpenTelemetryApi, openTelemetryApi, spansCanRecord } from "./open-telemetry-api.js";

it("refuses spans before the API is loaded, then hands out the one module every call shares", async () => {
  expect(() => openTelemetryApi()).toThrow(/not loaded yet/);
  const [first, second] = await Promise.all([loadOpenTelemetryApi(), loadOpenTelemetryApi()]);
  expect(first).toBe(second);
  expect(openTelemetryApi()).toBe(await import("@opentelemetry/api"));
  expect(await loadOpenTelemetryApi()).toBe(first);
});

it("spans can record with a tracer given or an SDK registered, and not otherwise", async () => {
  expect(spansCanRecord(undefined)).toBe(false);
  expect(spansCanRecord({})).toBe(false);
  const provider = new BasicTracerProvider();
  expect(spansCanRecord({ tracer: provider.getTracer("test") })).toBe(true);
  const { trace } = await import("@opentelemetry/api");
  trace.setGlobalTracerProvider(provider);
  try {
    expect(spansCanRecord(undefined)).toBe(true);
  } finally {
    trace.disable();
  }
});
