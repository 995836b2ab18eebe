import { checkRedisClient, type RedisLikeClient } from "../refs/redis-like-client.js";
import { settleWithin } from "../util/settle-within.js";
import type { ReindexMemory } from "./reindex-memory.js";

export interface RedisReindexMemoryOptions {
  /** node-redis's `createClient()`, or an ioredis adapter (see `RedisLikeClient`). */
  client: RedisLikeClient;
  /** Key prefix, so the memory can share a database. */
  prefix?: string;
  /**
   * The longest one command may take (default 250 ms). The memory only saves waiting: a slow
   * Redis must not cost more than it saves, so past this the client goes on without it.
   */
  timeoutMs?: number;
}

/**
 * The reindex memory shared by every process on one Redis: when one process has waited out a
 * collection's 409 budget, the others probe it once instead of each waiting 3 s again. Redis
 * keeps the time (`SET key 1 PX ms`), so the processes need no shared clock.
 */
export class RedisReindexMemory implements ReindexMemory {
  readonly #client: RedisLikeClient;
  readonly #prefix: string;
  readonly #timeoutMs: number;

  constructor({
    client,
    prefix = "search-docs:reindexing:",
    timeoutMs = 250,
  }: RedisReindexMemoryOptions) {
    this.#client = checkRedisClient(client, "RedisReindexMemory");
    this.#prefix = prefix;
    this.#timeoutMs = timeoutMs;
  }

  async isReindexing(collectionId: string): Promise<boolean> {
    return (await this.#send(["EXISTS", this.#prefix + collectionId])) === 1;
  }

  async remember(collectionId: string, durationMs: number): Promise<void> {
    const milliseconds = String(Math.max(1, Math.round(durationMs)));
    await this.#send(["SET", this.#prefix + collectionId, "1", "PX", milliseconds]);
  }

  async forget(collectionId: string): Promise<void> {
    await this.#send(["DEL", this.#prefix + collectionId]);
  }

  #send(command: string[]): Promise<unknown> {
    return settleWithin((signal) => this.#client.sendCommand(command, { abortSignal: signal }), {
      timeoutMs: this.#timeoutMs,
    });
  }
}
