import { createClient } from "redis";
import { afterAll, beforeAll, expect, it } from "vitest";
import { describeWithRedis } from "../__fixtures__/redis-for-tests.js";
import { ConfigurationError } from "../errors/configuration-error.js";
import type { RedisLikeClient } from "../refs/redis-ref-store.js";
import { type RedisServer, startRedisServer } from "../testing/start-redis-server.js";
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

  it("a paused Redis costs at most timeoutMs per command, then a rejection the client absorbs", async () => {
    const client = await connect();
    const memory = new RedisReindexMemory({ client, prefix: "t3:", timeoutMs: 200 });
    server.pause();
    try {
      const started = performance.now();
      await expect(memory.isReindexing("c1")).rejects.toThrow(/no answer within 200 ms/);
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
