import type { RefStore, RefTarget } from "./ref-store.js";

/**
 * The few commands the store needs, as node-redis v4+ spells them (`createClient()`); wrap
 * another client (ioredis: `set(key, value, "EX", s, "NX")`) in an object of this shape.
 */
export interface RedisLikeClient {
  get(key: string): Promise<string | null>;
  set(
    key: string,
    value: string,
    options: { EX: number; NX?: boolean },
  ): Promise<string | null | unknown>;
}

export interface RedisRefStoreOptions {
  client: RedisLikeClient;
  /** Key prefix, so the store can share a database. */
  prefix?: string;
  ttlSeconds?: number;
}

/** A RefStore for deployments that run more than one process: refs resolve in any of them. */
export class RedisRefStore implements RefStore {
  readonly #client: RedisLikeClient;
  readonly #prefix: string;
  readonly #ttlSeconds: number;

  constructor({
    client,
    prefix = "search-docs:ref:",
    ttlSeconds = 24 * 60 * 60,
  }: RedisRefStoreOptions) {
    this.#client = client;
    this.#prefix = prefix;
    this.#ttlSeconds = ttlSeconds;
  }

  async get(ref: string): Promise<RefTarget | undefined> {
    const value = await this.#client.get(this.#prefix + ref);
    return value === null ? undefined : parseTarget(value);
  }

  async set(ref: string, target: RefTarget): Promise<void> {
    await this.#client.set(this.#prefix + ref, JSON.stringify(target), { EX: this.#ttlSeconds });
  }

  async setIfAbsent(ref: string, target: RefTarget): Promise<RefTarget> {
    const reply = await this.#client.set(this.#prefix + ref, JSON.stringify(target), {
      EX: this.#ttlSeconds,
      NX: true,
    });
    if (reply === "OK") return target;
    return (await this.get(ref)) ?? target;
  }
}

function parseTarget(value: string): RefTarget | undefined {
  try {
    const parsed = JSON.parse(value) as Partial<RefTarget>;
    if (typeof parsed.collectionId !== "string" || typeof parsed.documentId !== "string")
      return undefined;
    if (typeof parsed.area !== "string") return undefined;
    return parsed as RefTarget;
  } catch {
    return undefined;
  }
}
