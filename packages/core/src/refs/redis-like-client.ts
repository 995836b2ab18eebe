import { ConfigurationError } from "../errors/configuration-error.js";

/**
 * The one command the Redis stores need, as the official client spells it: pass node-redis's
 * `createClient()` as is. With ioredis, wrap it in one line:
 * `{ sendCommand: ([command, ...args]) => ioredis.call(command as string, args) }`.
 */
export interface RedisLikeClient {
  /** `abortSignal` lets node-redis drop a command it has not written yet (its offline queue). */
  sendCommand(
    args: string[],
    options?: { abortSignal?: AbortSignal | undefined },
  ): Promise<unknown>;
}

/** The client a Redis store was given, or a ConfigurationError naming what it needs. */
export function checkRedisClient(client: RedisLikeClient, store: string): RedisLikeClient {
  if (typeof client?.sendCommand !== "function") {
    throw new ConfigurationError({
      option: "client",
      message: `${store} needs a client with sendCommand: node-redis's createClient(), or an ioredis adapter (see the README).`,
    });
  }
  return client;
}
