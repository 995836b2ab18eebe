// The fake docs service in its own process, so the bench process's CPU time is the client's
// alone. Driven over IPC by `startServiceProcess`; see service-process.ts for the messages.
import { type FakeDocsService, type Fault, startFakeDocsService } from "@search-docs/core/testing";
import type { ServiceCommand, ServiceProcessOptions } from "./service-process.ts";

const options = JSON.parse(process.argv[2] ?? "{}") as ServiceProcessOptions;
const service: FakeDocsService = await startFakeDocsService({
  ...(options.corpus === undefined ? {} : { corpus: options.corpus }),
  collectionsPerArea: options.collectionsPerArea,
  seed: options.seed,
  ...(options.latency === undefined ? {} : { latency: options.latency }),
});

process.on("message", (message: ServiceCommand) => {
  const reply = (result?: unknown) => process.send?.({ id: message.id, result });
  switch (message.type) {
    case "setFault":
      service.setFault(message.collectionId, message.fault as Fault | undefined);
      return reply();
    case "clearFaults":
      for (const collectionId of Object.values(service.areas).flat()) {
        service.setFault(collectionId, undefined);
      }
      return reply();
    case "setLatency":
      service.setLatency(message.latency);
      return reply();
    case "requestCount": {
      const count = service.requests.length;
      service.clearRequests();
      return reply(count);
    }
    case "close":
      void service.close().then(() => {
        reply();
        process.disconnect?.();
      });
      return;
  }
});
// The parent going away (a crash, ^C) must not leave a server behind.
process.on("disconnect", () => {
  void service.close().finally(() => process.exit(0));
});

process.send?.({ type: "ready", url: service.url, areas: service.areas, tokens: service.tokens });
