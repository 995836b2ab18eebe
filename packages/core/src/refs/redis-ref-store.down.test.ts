import { startRedisServer } from "@search-docs/test-servers";
import { createClient } from "redis";
import { afterAll, afterEach, beforeAll, expect, it } from "vitest";
import { describeWithRedis } from "../__fixtures__/redis-for-tests.js";
import type { DocsSearch } from "../create-docs-search.js";
import { createTestDocsSearch } from "../testing/create-test-docs-search.js";
import type { FakeDocsService } from "../testing/fake-docs-service.js";
import { startFakeDocsService } from "../testing/start-fake-docs-service.js";
import { RedisRefStore } from "./redis-ref-store.js";
import { isProcessLocalRef } from "./ref.js";

// Redis stopped or hung under a live docs search: every ref store call is bounded, search keeps
// its results (refs for this process only), get_document is unavailable, never not_found.

const storeTimeoutMs = 1_000;
// Generous: a loaded machine may be slow, but never as slow as an unbounded wait (the issue saw
// calls still pending at 8 s under a 5 s deadline).
const slack = 1_500;

describeWithRedis("a docs search when Redis is down or hung", () => {
  let service: FakeDocsService;
  const cleanups: (() => Promise<unknown> | unknown)[] = [];

  beforeAll(async () => {
    service = await startFakeDocsService();
  });
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });
  afterAll(async () => {
    await service?.close();
  });

  async function setUp(clientOptions: { disableOfflineQueue?: boolean } = {}) {
    const redis = await startRedisServer();
    cleanups.push(() => redis.stop());
    const client = createClient({ url: redis.url, ...clientOptions });
    client.on("error", () => {});
    await client.connect();
    cleanups.push(() => client.destroy());
    const docs = createTestDocsSearch(service, {
      refStore: new RedisRefStore({ client }),
      limits: { refStoreTimeoutMs: storeTimeoutMs },
    });
    return { redis, client, docs };
  }

  const caller = () => ({ caller: { token: service.tokens.everything } });
  const timed = async <Result>(work: () => Promise<Result>) => {
    const started = performance.now();
    const result = await work();
    return { result, ms: Math.round(performance.now() - started) };
  };
  const search = (docs: DocsSearch) =>
    timed(() => docs.search({ query: "rotate a service account key" }, caller()));
  const read = (docs: DocsSearch, ref: string) => timed(() => docs.getDocument({ ref }, caller()));

  it("stopped, with disableOfflineQueue: search answers at once with refs this process resolves", async () => {
    const { redis, client, docs } = await setUp({ disableOfflineQueue: true });
    const before = await docs.search({ query: "rotate a service account key" }, caller());
    const sharedRef = before.output.results[0]?.ref as string;
    expect(isProcessLocalRef(sharedRef)).toBe(false);

    await redis.stop();
    await expect.poll(() => client.isReady).toBe(false);
    const during = await search(docs);
    console.info(`[redis down, disableOfflineQueue] search ${during.ms} ms`);
    expect(during.result.output.status).toBe("ok");
    expect(during.result.output.results.map((result) => result.title)).toEqual(
      before.output.results.map((result) => result.title),
    );
    expect(during.result.output.results.every((result) => isProcessLocalRef(result.ref))).toBe(
      true,
    );
    expect(during.result.trace.refStoreFailure).toMatch(
      /^ref store failed \(\w+: The client is offline\): 8 of 8 refs issued for this process only$/,
    );
    expect(during.ms).toBeLessThan(slack);

    // This process opens its own refs; a shared ref is unavailable, not "no such document".
    const local = await read(docs, during.result.output.results[0]?.ref as string);
    expect(local.result.output.status).toBe("ok");
    const shared = await read(docs, sharedRef);
    console.info(`[redis down, disableOfflineQueue] get_document ${shared.ms} ms`);
    expect(shared.result.output.status).toBe("unavailable");
    expect(shared.result.trace.refStoreFailure).toMatch(/The client is offline/);
    expect(shared.result.trace.requests).toEqual([]);
    expect(shared.ms).toBeLessThan(slack);

    // Another process never saw the local refs: for it they are unknown.
    const elsewhere = createTestDocsSearch(service);
    const unknown = await elsewhere.getDocument(
      { ref: during.result.output.results[0]?.ref as string },
      caller(),
    );
    expect(unknown.output.status).toBe("not_found");
  });

  it("stopped, node-redis defaults: bounded by the store timeout, and nothing queued replays later", async () => {
    const { redis, client, docs } = await setUp();
    await redis.stop();
    await expect.poll(() => client.isReady).toBe(false);

    const during = await search(docs);
    const shared = await read(docs, "runbooks/key-rotation#2");
    console.info(
      `[redis down, offline queue] search ${during.ms} ms, get_document ${shared.ms} ms (store timeout ${storeTimeoutMs} ms)`,
    );
    expect(during.result.output.status).toBe("ok");
    expect(during.result.trace.refStoreFailure).toMatch(/no answer within 1000 ms/);
    expect(during.ms).toBeGreaterThanOrEqual(storeTimeoutMs - 50);
    expect(during.ms).toBeLessThan(storeTimeoutMs + slack);
    expect(shared.result.output.status).toBe("unavailable");
    expect(shared.ms).toBeLessThan(storeTimeoutMs + slack);

    // Redis back on the same port: the client reconnects, and the commands of the calls that
    // gave up were dropped from its offline queue rather than sent late.
    const back = await startRedisServer({ port: redis.port });
    cleanups.push(() => back.stop());
    await expect.poll(() => client.isReady, { timeout: 10_000 }).toBe(true);
    expect(await client.keys("*")).toEqual([]);
    const after = await docs.search({ query: "rotate a service account key" }, caller());
    expect(after.trace.refStoreFailure).toBeUndefined();
    expect(after.output.results.some((result) => isProcessLocalRef(result.ref))).toBe(false);
    expect(await client.keys("*")).not.toEqual([]);
  });

  it("hung (SIGSTOP): search and get_document return within the store timeout, then recover", async () => {
    const { redis, docs } = await setUp();
    const before = await docs.search({ query: "rotate a service account key" }, caller());
    const sharedRef = before.output.results[0]?.ref as string;
    redis.pause();
    try {
      const during = await search(docs);
      const shared = await read(docs, sharedRef);
      console.info(
        `[redis paused] search ${during.ms} ms, get_document ${shared.ms} ms (store timeout ${storeTimeoutMs} ms)`,
      );
      expect(during.result.output.status).toBe("ok");
      expect(during.result.output.results).toHaveLength(before.output.results.length);
      expect(during.result.trace.refStoreFailure).toMatch(/no answer within 1000 ms/);
      expect(during.ms).toBeLessThan(storeTimeoutMs + slack);
      expect(shared.result.output.status).toBe("unavailable");
      expect(shared.ms).toBeGreaterThanOrEqual(storeTimeoutMs - 50);
      expect(shared.ms).toBeLessThan(storeTimeoutMs + slack);
    } finally {
      redis.resume();
    }
    const after = await docs.getDocument({ ref: sharedRef }, caller());
    expect(after.output.status).toBe("ok");
  });

  it("hung, with the deadline shorter than the store timeout: the deadline bounds the store too", async () => {
    const redis = await startRedisServer();
    cleanups.push(() => redis.stop());
    const client = createClient({ url: redis.url });
    client.on("error", () => {});
    await client.connect();
    cleanups.push(() => client.destroy());
    const docs = createTestDocsSearch(service, {
      refStore: new RedisRefStore({ client }),
      limits: { refStoreTimeoutMs: 60_000, deadlineMs: 800 },
    });
    redis.pause();
    try {
      const shared = await read(docs, "runbooks/key-rotation#2");
      const during = await search(docs);
      console.info(
        `[redis paused, 800 ms deadline] get_document ${shared.ms} ms, search ${during.ms} ms`,
      );
      expect(shared.result.output.status).toBe("unavailable");
      expect(shared.ms).toBeLessThan(800 + slack);
      expect(during.result.output.results.length).toBeGreaterThan(0);
      expect(during.ms).toBeLessThan(800 + slack);
    } finally {
      redis.resume();
    }
  });
});
