import type { BenchFlags, ScenarioName } from "./bench-flags.ts";
import type { ServiceProcess } from "./service-process.ts";

/** Sets the service's faults for a scenario; returns what it did, in words, for the report. */
export async function applyScenario(
  service: ServiceProcess,
  scenario: ScenarioName,
  flags: Pick<BenchFlags, "reindexArea" | "shedRate" | "retryAfterSeconds">,
): Promise<string> {
  await service.clearFaults();
  const areaNames = Object.keys(service.areas);
  switch (scenario) {
    case "no-faults":
      return "no faults";
    case "reindex": {
      const area = flags.reindexArea ?? areaNames[0] ?? "";
      const collectionIds = service.areas[area];
      if (collectionIds === undefined) {
        throw new RangeError(`--reindex-area ${area}: no such area (${areaNames.join(", ")})`);
      }
      // A real reindex usually says nothing about when it ends: no Retry-After.
      for (const collectionId of collectionIds) {
        await service.setFault(collectionId, { kind: "reindex" });
      }
      return `every collection of ${area} answers 409 for the whole scenario`;
    }
    case "shed":
      for (const collectionId of Object.values(service.areas).flat()) {
        await service.setFault(collectionId, {
          kind: "shed",
          rate: flags.shedRate,
          retryAfterSeconds: flags.retryAfterSeconds,
        });
      }
      return `${Math.round(flags.shedRate * 100)}% of requests shed with 429, Retry-After: ${flags.retryAfterSeconds}`;
  }
}
