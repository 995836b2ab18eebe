import { type RedisServer, startRedisServer } from "@search-docs/test-servers";
import { createClient } from "redis";
import { afterAll, beforeAll, expect, it } from "vitest";
import { describeWithRedis } from "../__fixtures__/redis-for-tests.js";
import { ConfigurationError } from "../errors/configuration-error.js";
import { StoreTimeoutError } from "../errors/store-timeout-error.js";
import type { RedisLikeClient } from "../refs/redis-like-client.js";
import { createTestDocsSearch } from "../testing/create-test-docs-search.js";
import { startFakeDocsService } from "../testing/start-fake-docs-service.js";
import { MemoryReindexMemory } from "./memory-reindex-memory.js";
import { RedisReindexMemory } from "./redis-reindex-memory.js";

describeWithRedis("RedisReindexMemory against a real redis-server", () => {
  let server: RedisServer;
  const clients: { destroy(): void }[] = [];
  const connect = async () => {
    const client = createClient({ url: server.url });
    client.on("error", () => {});
    await client.connect();
    clients.push(client);
    return client;
  };

  beforeAll(async () => {
    server = await startRedisServer();
  });

  afterAll(async () => {
    for (const client of clients) client.destroy();
    await server?.stop();
  });

  it("what one process remembers, another sees, until it is forgotten", async () => {
    const [one, other] = [
      new RedisReindexMemory({ client: await connect(), prefix: "t1:" }),
      new RedisReindexMemory({ client: await connect(), prefix: "t1:" }),
    ];
    expect(await other.isReindexing("c1")).toBe(false);
    await one.remember("c1", 60_000);
    expect(await other.isReindexing("c1")).toBe(true);
    expect(await other.isReindexing("c2")).toBe(false);
    await other.forget("c1");
    expect(await one.isReindexing("c1")).toBe(false);
  });

  it("Redis keeps the time: the memory lapses after its duration, on no process's clock", async () => {
    const client = await connect();
    const memory = new RedisReindexMemory({ client, prefix: "t2:" });
    await memory.remember("c1", 60_000);
    const ttl = await client.pTTL("t2:c1");
    expect(ttl).toBeGreaterThan(55_000);
    expect(ttl).toBeLessThanOrEqual(60_000);
    await memory.remember("c1", 200);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(await memory.isReindexing("c1")).toBe(false);
  });

  it("two docs searches on one Redis: after one waits out a reindex, the other probes once", async () => {
    const service = await startFakeDocsService();
    try {
      const [runbooks] = service.areas.runbooks ?? [];
      service.setFault(runbooks as string, { kind: "reindex" });
      const searchRunbooks = async (memory: "shared" | "own") => {
        const docs = createTestDocsSearch(service, {
          reindexMemory:
            memory === "shared"
              ? new RedisReindexMemory({ client: await connect(), prefix: "t4:" })
              : new MemoryReindexMemory(),
        });
        const { output, trace } = await docs.search(
          { query: "rotate a key", area: "runbooks" },
          { caller: { token: service.tokens.everything } },
        );
        expect(output.status).toBe("unavailable");
        return trace.requests;
      };
      const first = await searchRunbooks("shared");
      expect(first.length).toBeGreaterThan(1);
      // remember() is not awaited by the client: wait until Redis has it.
      const probe = new RedisReindexMemory({ client: await connect(), prefix: "t4:" });
      await expect.poll(() => probe.isReindexing(runbooks as string)).toBe(true);
      const second = await searchRunbooks("shared");
      expect(second).toHaveLength(1);
      expect(second[0]).toMatchObject({ status: 409, waitMs: 0 });
      // Without the shared memory the second process waits out the budget all over again.
      expect((await searchRunbooks("own")).length).toBeGreaterThan(1);
    } finally {
      await service.close();
    }
  });

  it("a paused Redis costs at most timeoutMs per command, then a rejection the client absorbs", async () => {
    const client = await connect();
    const memory = new RedisReindexMemory({ client, prefix: "t3:", timeoutMs: 200 });
    server.pause();
    try {
      const started = performance.now();
      await expect(memory.isReindexing("c1")).rejects.toSatisfy(StoreTimeoutError.isInstance);
      const elapsed = performance.now() - started;
      expect(elapsed).toBeGreaterThanOrEqual(190);
      expect(elapsed).toBeLessThan(2_000);
    } finally {
      server.resume();
    }
  });
});

it("RedisReindexMemory refuses a client without sendCommand", () => {
  expect(() => new RedisReindexMemory({ client: {} as RedisLikeClient })).toThrow(
    ConfigurationError,
  );
});
