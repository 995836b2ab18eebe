import { ConfigurationError } from "../errors/configuration-error.js";
import { SearchDocsError } from "../errors/search-docs-error.js";
import { checkRedisClient, type RedisLikeClient } from "./redis-like-client.js";
import { slugRefOf } from "./ref.js";
import type { RefStore, RefStoreCallOptions, RefTarget } from "./ref-store.js";

export interface RedisRefStoreOptions {
  client: RedisLikeClient;
  /** Key prefix, so the store can share a database. */
  prefix?: string;
  /** How long a ref stays valid after it was last issued or read. Default 24 h. */
  ttlSeconds?: number;
  /**
   * How long a slug stays bound to its document after any ref under it was last issued or read;
   * at least `ttlSeconds`. Default 30 days: within it, another document with the same slug gets
   * a suffixed ref, so an expired ref reads as unknown rather than as someone else's document.
   */
  slugTtlSeconds?: number;
}

// Both scripts compare targets by value (area, collection, document, section), not by bytes, so
// values written by another version of this library still count as their own document's.
const luaHelpers = `
local function decode(value)
  local ok, decoded = pcall(cjson.decode, value)
  if ok and type(decoded) == 'table' then return decoded end
  return nil
end
local function sameDocument(left, right)
  return left ~= nil and right ~= nil and left.area == right.area
    and left.collectionId == right.collectionId and left.documentId == right.documentId
end
`;

// KEYS: the ref, its slug (the same key for a ref without a section).
// ARGV: the target as JSON, the document (no section) as JSON, ref TTL ms, slug TTL ms.
// Never overwrites another target's key; the slug is written after its ref and lives longer,
// so it outlives every ref under it.
const claimScript = `${luaHelpers}
local target = decode(ARGV[1])
local slug = redis.call('GET', KEYS[2])
if slug and not sameDocument(decode(slug), target) then return slug end
if KEYS[1] ~= KEYS[2] then
  local held = redis.call('GET', KEYS[1])
  if held then
    local holder = decode(held)
    if not (sameDocument(holder, target) and holder.section == target.section) then return held end
  end
  redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[3])
end
redis.call('SET', KEYS[2], ARGV[2], 'PX', ARGV[4])
return ARGV[1]
`;

// KEYS: the ref, its slug. ARGV: ref TTL ms, slug TTL ms.
// A read refreshes the ref and its slug; a slug found missing (evicted) is bound again.
const getScript = `${luaHelpers}
local value = redis.call('GET', KEYS[1])
if not value then return false end
if KEYS[1] == KEYS[2] then
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
  return value
end
redis.call('PEXPIRE', KEYS[1], ARGV[1])
local target = decode(value)
if target ~= nil then
  local slug = redis.call('GET', KEYS[2])
  if not slug then
    local document = { area = target.area, collectionId = target.collectionId, documentId = target.documentId }
    redis.call('SET', KEYS[2], cjson.encode(document), 'PX', ARGV[2])
  elseif sameDocument(decode(slug), target) then
    redis.call('PEXPIRE', KEYS[2], ARGV[2])
  end
end
return value
`;

/**
 * A RefStore for deployments that run more than one process: refs resolve in any of them. Each
 * call is one Lua script (atomic, so two processes minting one slug at once cannot both win).
 * A ref and its slug share a hash tag, `{<area>/<slug>}`, so they live on one Redis Cluster slot.
 */
export class RedisRefStore implements RefStore {
  readonly #client: RedisLikeClient;
  readonly #prefix: string;
  readonly #ttlMs: string;
  readonly #slugTtlMs: string;

  constructor({
    client,
    prefix = "search-docs:ref:",
    ttlSeconds = 24 * 60 * 60,
    slugTtlSeconds = Math.max(ttlSeconds, 30 * 24 * 60 * 60),
  }: RedisRefStoreOptions) {
    if (!(ttlSeconds >= 0.001)) {
      throw new ConfigurationError({
        option: "ttlSeconds",
        message: "ttlSeconds must be at least 0.001.",
      });
    }
    if (!(slugTtlSeconds >= ttlSeconds)) {
      throw new ConfigurationError({
        option: "slugTtlSeconds",
        message: "slugTtlSeconds must be at least ttlSeconds: a slug outlives every ref under it.",
      });
    }
    this.#client = checkRedisClient(client, "RedisRefStore");
    this.#prefix = prefix;
    this.#ttlMs = String(Math.round(ttlSeconds * 1000));
    this.#slugTtlMs = String(Math.round(slugTtlSeconds * 1000));
  }

  async get(ref: string, options?: RefStoreCallOptions): Promise<RefTarget | undefined> {
    const value = await this.#eval(
      getScript,
      this.#keys(ref),
      [this.#ttlMs, this.#slugTtlMs],
      options,
    );
    return typeof value === "string" ? parseTarget(value) : undefined;
  }

  async setIfAbsent(
    ref: string,
    target: RefTarget,
    options?: RefStoreCallOptions,
  ): Promise<RefTarget> {
    const { section, ...document } = target;
    const value = serializeTarget(target);
    const holder = await this.#eval(
      claimScript,
      this.#keys(ref),
      [value, serializeTarget(document), this.#ttlMs, this.#slugTtlMs],
      options,
    );
    if (holder === value) return { ...target };
    const parsed = typeof holder === "string" ? parseTarget(holder) : undefined;
    if (parsed === undefined) {
      // The ref stays out of the message: it reaches traces and spans, where refs are inputs.
      throw new SearchDocsError("the ref store holds a value it cannot read under a ref");
    }
    return parsed;
  }

  #keys(ref: string): [string, string] {
    const slugRef = slugRefOf(ref);
    const slugKey = `${this.#prefix}{${slugRef}}`;
    return [slugKey + ref.slice(slugRef.length), slugKey];
  }

  #eval(
    script: string,
    keys: readonly string[],
    args: readonly string[],
    options: RefStoreCallOptions | undefined,
  ): Promise<unknown> {
    const command = ["EVAL", script, String(keys.length), ...keys, ...args];
    const signal = options?.signal;
    return signal === undefined
      ? this.#client.sendCommand(command)
      : this.#client.sendCommand(command, { abortSignal: signal });
  }
}

/** Always the same bytes for the same target, so a holder re-claiming its own key is recognised. */
function serializeTarget({ area, collectionId, documentId, section }: RefTarget): string {
  return JSON.stringify(
    section === undefined
      ? { area, collectionId, documentId }
      : { area, collectionId, documentId, section },
  );
}

function parseTarget(value: string): RefTarget | undefined {
  try {
    const parsed = JSON.parse(value) as Partial<RefTarget>;
    if (
      typeof parsed.area !== "string" ||
      typeof parsed.collectionId !== "string" ||
      typeof parsed.documentId !== "string" ||
      (parsed.section !== undefined && typeof parsed.section !== "string")
    )
      return undefined;
    const { area, collectionId, documentId, section } = parsed;
    return section === undefined
      ? { area, collectionId, documentId }
      : { area, collectionId, documentId, section };
  } catch {
    return undefined;
  }
}
