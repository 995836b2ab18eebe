import { type RedisServer, startRedisServer } from "@search-docs/test-servers";
import { Redis } from "ioredis";
import { createClient } from "redis";
import { afterAll, beforeAll, expect, it } from "vitest";
import { describeWithRedis } from "../__fixtures__/redis-for-tests.js";
import { refStoreContract } from "../__fixtures__/ref-store-contract.js";
import { ConfigurationError } from "../errors/configuration-error.js";
import { SearchDocsError } from "../errors/search-docs-error.js";
import type { RedisLikeClient } from "./redis-like-client.js";
import { RedisRefStore } from "./redis-ref-store.js";
import { mintRef } from "./ref-minter.js";

// Lets `ms` pass for every key under a prefix: each TTL shortened by it, keys past it deleted.
const ageScript = `
local cursor = '0'
repeat
  local reply = redis.call('SCAN', cursor, 'MATCH', ARGV[1], 'COUNT', 1000)
  cursor = reply[1]
  for _, key in ipairs(reply[2]) do
    local ttl = redis.call('PTTL', key)
    if ttl > 0 then
      if ttl <= tonumber(ARGV[2]) then redis.call('DEL', key)
      else redis.call('PEXPIRE', key, ttl - tonumber(ARGV[2])) end
    end
  end
until cursor == '0'
return 0
`;

const hit = (documentId: string, extra: Partial<Parameters<typeof mintRef>[1]> = {}) => ({
  area: "runbooks",
  collectionId: "c1",
  documentId,
  slug: undefined,
  title: "Key rotation",
  section: "2",
  ...extra,
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describeWithRedis("RedisRefStore against a real redis-server", () => {
  let server: RedisServer;
  let client: ReturnType<typeof createClient>;
  let ioredis: Redis;
  let prefixes = 0;
  const nextPrefix = () => `test-${++prefixes}:`;

  beforeAll(async () => {
    server = await startRedisServer();
    client = createClient({ url: server.url, disableOfflineQueue: true });
    client.on("error", () => {});
    await client.connect();
    ioredis = new Redis(server.port, "127.0.0.1", { lazyConnect: true });
    await ioredis.connect();
  });

  afterAll(async () => {
    await client?.close();
    ioredis?.disconnect();
    await server?.stop();
  });

  const ager = (prefix: string) => async (ms: number) => {
    await client.sendCommand(["EVAL", ageScript, "0", `${prefix}*`, String(Math.round(ms))]);
  };

  refStoreContract("RedisRefStore over node-redis", async ({ ttlMs, slugTtlMs }) => {
    const prefix = nextPrefix();
    const store = new RedisRefStore({
      client,
      prefix,
      ttlSeconds: ttlMs / 1000,
      slugTtlSeconds: slugTtlMs / 1000,
    });
    return { store, age: ager(prefix) };
  });

  refStoreContract(
    "RedisRefStore over ioredis (the README's one-line adapter)",
    async (lifetimes) => {
      const prefix = nextPrefix();
      const adapter: RedisLikeClient = {
        sendCommand: ([command, ...args]) => ioredis.call(command as string, args),
      };
      const store = new RedisRefStore({
        client: adapter,
        prefix,
        ttlSeconds: lifetimes.ttlMs / 1000,
        slugTtlSeconds: lifetimes.slugTtlMs / 1000,
      });
      return { store, age: ager(prefix) };
    },
  );

  it("keys a ref and its slug under one hash tag, with the TTLs configured", async () => {
    const prefix = nextPrefix();
    const store = new RedisRefStore({ client, prefix, ttlSeconds: 60, slugTtlSeconds: 600 });
    const ref = await mintRef(store, hit("d1"));
    expect(ref).toBe("runbooks/key-rotation#2");
    const keys = (await client.keys(`${prefix}*`)).sort();
    expect(keys).toEqual([
      `${prefix}{runbooks/key-rotation}`,
      `${prefix}{runbooks/key-rotation}#2`,
    ]);
    const refTtl = await client.pTTL(`${prefix}{runbooks/key-rotation}#2`);
    const slugTtl = await client.pTTL(`${prefix}{runbooks/key-rotation}`);
    expect(refTtl).toBeGreaterThan(55_000);
    expect(refTtl).toBeLessThanOrEqual(60_000);
    expect(slugTtl).toBeGreaterThan(595_000);
    expect(JSON.parse((await client.get(`${prefix}{runbooks/key-rotation}#2`)) ?? "")).toEqual({
      area: "runbooks",
      collectionId: "c1",
      documentId: "d1",
      section: "2",
    });
  });

  it("re-issuing or reading a ref puts its full TTL back (SET NX never did)", async () => {
    const prefix = nextPrefix();
    const store = new RedisRefStore({ client, prefix, ttlSeconds: 60, slugTtlSeconds: 600 });
    const ref = await mintRef(store, hit("d1"));
    const refKey = `${prefix}{runbooks/key-rotation}#2`;
    const slugKey = `${prefix}{runbooks/key-rotation}`;
    await client.pExpire(refKey, 1_000);
    await client.pExpire(slugKey, 2_000);
    expect(await mintRef(store, hit("d1"))).toBe(ref);
    expect(await client.pTTL(refKey)).toBeGreaterThan(55_000);
    expect(await client.pTTL(slugKey)).toBeGreaterThan(595_000);
    await client.pExpire(refKey, 1_000);
    await client.pExpire(slugKey, 2_000);
    await store.get(ref);
    expect(await client.pTTL(refKey)).toBeGreaterThan(55_000);
    expect(await client.pTTL(slugKey)).toBeGreaterThan(595_000);
  });

  it("with ttlSeconds 1 in real time: an expired ref is unknown, never re-pointed, and comes back to its document", async () => {
    const store = new RedisRefStore({
      client,
      prefix: nextPrefix(),
      ttlSeconds: 1,
      slugTtlSeconds: 3,
    });
    const first = await mintRef(store, hit("d1"));
    await sleep(1_300);
    expect(await store.get(first)).toBeUndefined();
    // What SET NX allowed: another document with the same slug taking the expired ref.
    const other = await mintRef(store, hit("d2"));
    expect(other).not.toBe(first);
    expect(other).toMatch(/^runbooks\/key-rotation-[a-z0-9]{1,5}#2$/);
    expect(await store.get(first)).toBeUndefined();
    expect(await mintRef(store, hit("d1"))).toBe(first);
    expect((await store.get(first))?.documentId).toBe("d1");
  });

  it("a slug evicted from Redis under its live refs is bound again by the next read", async () => {
    const prefix = nextPrefix();
    const store = new RedisRefStore({ client, prefix, ttlSeconds: 60, slugTtlSeconds: 600 });
    const ref = await mintRef(store, hit("d1"));
    await client.del(`${prefix}{runbooks/key-rotation}`);
    expect((await store.get(ref))?.documentId).toBe("d1");
    expect(await mintRef(store, hit("d2", { section: "3" }))).not.toBe("runbooks/key-rotation#3");
  });

  it("two connections claiming one slug at once: exactly one document wins it", async () => {
    const prefix = nextPrefix();
    const second = createClient({ url: server.url, disableOfflineQueue: true });
    second.on("error", () => {});
    await second.connect();
    try {
      const stores = [client, second].map(
        (connection) => new RedisRefStore({ client: connection, prefix }),
      );
      const documents = Array.from({ length: 20 }, (_, index) => `d${index}`);
      const refs = await Promise.all(
        documents.map((documentId, index) =>
          mintRef(stores[index % 2] as RedisRefStore, hit(documentId)),
        ),
      );
      expect(refs.filter((ref) => ref === "runbooks/key-rotation#2")).toHaveLength(1);
      expect(new Set(refs).size).toBe(documents.length);
      for (const [index, ref] of refs.entries())
        expect((await stores[(index + 1) % 2]?.get(ref))?.documentId).toBe(documents[index]);
    } finally {
      await second.close();
    }
  });

  it("a value it cannot read is never taken over: claiming fails, reading finds nothing", async () => {
    const prefix = nextPrefix();
    const store = new RedisRefStore({ client, prefix });
    await client.set(`${prefix}{runbooks/key-rotation}`, "not json");
    await client.set(`${prefix}{runbooks/other}#2`, '{"area":1}');
    await expect(
      store.setIfAbsent("runbooks/key-rotation#2", {
        area: "runbooks",
        collectionId: "c",
        documentId: "d",
      }),
    ).rejects.toSatisfy(SearchDocsError.isInstance);
    expect(await store.get("runbooks/key-rotation")).toBeUndefined();
    expect(await store.get("runbooks/other#2")).toBeUndefined();
    expect(await client.get(`${prefix}{runbooks/key-rotation}`)).toBe("not json");
  });
});

it("RedisRefStore refuses a client without sendCommand and lifetimes a slug cannot outlive", () => {
  const client: RedisLikeClient = { sendCommand: async () => null };
  expect(() => new RedisRefStore({ client: {} as RedisLikeClient })).toThrow(ConfigurationError);
  expect(() => new RedisRefStore({ client, ttlSeconds: 0 })).toThrow(/ttlSeconds/);
  expect(() => new RedisRefStore({ client, ttlSeconds: 10, slugTtlSeconds: 5 })).toThrow(
    /slugTtlSeconds/,
  );
});
