import {
  RedisRefStore,
  RedisReindexMemory,
  type RefStore,
  type ReindexMemory,
} from "@search-docs/core";
import { createClient } from "redis";

type Environment = Record<string, string | undefined>;

/** What the instances of one deployment share. */
export interface SharedStores {
  refStore: RefStore;
  reindexMemory: ReindexMemory;
}

/**
 * With SEARCH_DOCS_REDIS_URL set, refs and the reindex memory live in Redis, so every instance
 * behind the load balancer resolves the refs any other issued, and one instance waiting out a
 * reindex spares the others; unset (undefined), each process keeps its own, in memory.
 */
export function sharedStoresFromEnvironment(environment: Environment): SharedStores | undefined {
  const url = environment.SEARCH_DOCS_REDIS_URL?.trim();
  if (!url) return undefined;
  // The queue of commands written but unanswered is bounded, so a hung Redis costs memory only up
  // to it; commands not yet written are dropped by the store when a call's time for them is up.
  const client = createClient({ url, commandsQueueMaxLength: 1000 });
  client.on("error", (error: Error) => console.warn(`[search-docs] redis: ${error.message}`));
  // Connecting in the background: until it is up, refs are issued for this process only.
  client.connect().catch((error: Error) => {
    console.error(`[search-docs] redis connection failed: ${error.message}`);
  });
  return {
    refStore: new RedisRefStore({ client }),
    reindexMemory: new RedisReindexMemory({ client }),
  };
}
