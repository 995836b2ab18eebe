// The fake docs service and its fault schedule in their own process, so the soak process's
// event loop, CPU and heap are the client's alone. Driven over IPC by service-process.ts.
import { type FakeDocsService, startFakeDocsService } from "@search-docs/core/testing";
import { createSeededRandom } from "@search-docs/measure";
import { FaultSchedule } from "./fault-schedule.ts";
import type { ServiceCommand } from "./service-process.ts";

let service: FakeDocsService | undefined;
let schedule: FaultSchedule | undefined;

process.on("message", async (message: ServiceCommand) => {
  const reply = (result?: unknown) => process.send?.({ id: message.id, result });
  switch (message.type) {
    case "start": {
      const { options } = message;
      service = await startFakeDocsService({
        collectionsPerArea: options.collectionsPerArea,
        acl: options.acl,
        seed: options.seed,
        latency: options.latency,
      });
      schedule = new FaultSchedule({
        service,
        collectionIds: Object.values(service.areas).flat(),
        mix: options.mix,
        msPerSimulatedSecond: options.msPerSimulatedSecond,
        random: createSeededRandom(options.seed),
      });
      return reply({ url: service.url, areas: service.areas });
    }
    case "startSchedule":
      schedule?.start();
      return reply();
    case "totalOutage":
      schedule?.totalOutage();
      return reply();
    case "stopSchedule":
      schedule?.stop();
      return reply(schedule?.windows.length ?? 0);
    case "takeRequests": {
      const requests = [...(service?.requests ?? [])];
      service?.clearRequests();
      return reply(requests);
    }
    case "close":
      await service?.close();
      reply();
      process.disconnect?.();
      return;
  }
});
// The parent going away (a crash, ^C) must not leave a server behind.
process.on("disconnect", () => {
  void (service?.close() ?? Promise.resolve()).finally(() => process.exit(0));
});
process.send?.({ type: "ready" });
