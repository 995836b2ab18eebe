import type { FakeDocsService, FakeDocsServiceOptions } from "./fake-docs-service.js";
import { startFakeDocsService } from "./start-fake-docs-service.js";

/** One fake docs service for a test file, to start and stop from the runner's hooks. */
export interface FakeDocsServiceFixture {
  /** The running service (throws before `start`). */
  readonly service: FakeDocsService;
  start(): Promise<void>;
  close(): Promise<void>;
  /** Clears faults, recorded requests and any latency set: between tests. */
  reset(): void;
}

/**
 * A fake docs service started once per test file, for any runner:
 * `beforeAll(docs.start); afterAll(docs.close); afterEach(docs.reset);`.
 */
export function fakeDocsServiceFixture(options?: FakeDocsServiceOptions): FakeDocsServiceFixture {
  let running: FakeDocsService | undefined;
  return {
    get service() {
      if (!running) throw new Error("the fake docs service is not started: call start() first");
      return running;
    },
    start: async () => {
      running = await startFakeDocsService(options);
    },
    close: async () => {
      await running?.close();
      running = undefined;
    },
    reset: () => {
      running?.clearFaults();
      running?.clearRequests();
      running?.setLatency(undefined);
    },
  };
}
