import { expect, it } from "vitest";
import { loadOpenTelemetryApi, openTelemetryApi } from "./open-telemetry-api.js";

it("refuses spans before the API is loaded, then hands out the one module every call shares", async () => {
  expect(() => openTelemetryApi()).toThrow(/not loaded yet/);
  const [first, second] = await Promise.all([loadOpenTelemetryApi(), loadOpenTelemetryApi()]);
  expect(first).toBe(second);
  expect(openTelemetryApi()).toBe(await import("@opentelemetry/api"));
  expect(await loadOpenTelemetryApi()).toBe(first);
});
