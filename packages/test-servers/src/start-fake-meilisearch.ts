import { createHmac, timingSafeEqual } from "node:crypto";
import {
  type EngineAnswer,
  type EngineRequest,
  type FakeHostedEngine,
  type HostedRecord,
  matchesFilter,
  type RecordFilter,
  snippetWords,
  startFakeHostedEngine,
} from "./fake-hosted-engine.js";
import { type FakeMeilisearchEmbedder, hybridRanking } from "./fake-meilisearch-hybrid.js";
import { recordAttribute } from "./record-attribute.js";

// A fake Meilisearch speaking the search API as its reference documents it
// (https://www.meilisearch.com/docs/reference/api/search): `POST /indexes/{uid}/search` with
// `q`, `offset`, `limit`, `filter`, `attributesToRetrieve`, `attributesToCrop`, `cropLength`,
// `showRankingScore`; `Authorization: Bearer` with an API key or a tenant token; errors as
// {"message", "code", "type", "link"}. Tenant tokens are verified as the engine does (HS256
// under the key named by `apiKeyUid`, `exp`, `searchRules` and their filters), independently of
// the backend's Web Crypto code.

export interface FakeMeilisearchOptions {
  indexes: Readonly<Record<string, readonly HostedRecord[]>>;
  /**
   * API keys: the key, its uid, the indexes it may reach ("*" for all) and its actions (default
   * `search` only, a search key; `settings.get`, `settings.*` or `*` may read settings).
   */
  keys: ReadonlyArray<{
    key: string;
    uid: string;
    indexes: readonly string[];
    actions?: readonly string[];
  }>;
  searchableAttributes: readonly string[];
  filterableAttributes: readonly string[];
  /** The index settings' `embedders`, for hybrid search (fake-meilisearch-hybrid.ts). */
  embedders?: Readonly<Record<string, FakeMeilisearchEmbedder>>;
  nowSeconds?: () => number;
}

function error(status: number, code: string, type: string, message: string): EngineAnswer {
  return {
    status,
    body: { message, code, type, link: `https://docs.meilisearch.com/errors#${code}` },
  };
}
const invalidKey = () => error(403, "invalid_api_key", "auth", "The provided API key is invalid.");

type Rules = Record<string, { filter?: string } | null>;

export async function startFakeMeilisearch(
  options: FakeMeilisearchOptions,
): Promise<FakeHostedEngine> {
  const nowSeconds = options.nowSeconds ?? (() => Math.floor(Date.now() / 1000));
  return startFakeHostedEngine((request) => answer(request, options, nowSeconds()));
}

function covers(patterns: readonly string[], index: string): boolean {
  return patterns.some(
    (pattern) =>
      pattern === "*" ||
      pattern === index ||
      (pattern.endsWith("*") && index.startsWith(pattern.slice(0, -1))),
  );
}

function answer(
  request: EngineRequest,
  options: FakeMeilisearchOptions,
  now: number,
): EngineAnswer {
  const settings = /^\/indexes\/([^/]+)\/settings\/filterable-attributes$/.exec(request.path);
  if (request.method === "GET" && settings !== null) {
    return filterableAttributes(request, options, decodeURIComponent(settings[1] ?? ""));
  }
  const match = /^\/indexes\/([^/]+)\/search$/.exec(request.path);
  if (request.method !== "POST" || match === null)
    return error(404, "not_found", "invalid_request", "Not found.");
  const index = decodeURIComponent(match[1] ?? "");
  const authorization = request.headers.authorization;
  if (authorization === undefined) {
    return error(
      401,
      "missing_authorization_header",
      "auth",
      "The Authorization header is missing. It must use the bearer authorization method.",
    );
  }
  const token = authorization.replace(/^Bearer\s+/i, "");
  let ruleFilter: string | undefined;
  const plain = options.keys.find((key) => key.key === token);
  if (plain !== undefined) {
    if (!covers(plain.indexes, index)) return invalidKey();
  } else {
    const parts = token.split(".");
    if (parts.length !== 3) return invalidKey();
    const [header, payload, signature] = parts as [string, string, string];
    let claims: { apiKeyUid?: unknown; exp?: unknown; searchRules?: unknown };
    try {
      claims = JSON.parse(Buffer.from(payload, "base64url").toString("utf8"));
    } catch {
      return invalidKey();
    }
    const parent = options.keys.find((key) => key.uid === claims.apiKeyUid);
    if (parent === undefined) return invalidKey();
    const expected = createHmac("sha256", parent.key).update(`${header}.${payload}`).digest();
    const given = Buffer.from(signature, "base64url");
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return invalidKey();
    if (typeof claims.exp === "number" && claims.exp <= now) return invalidKey();
    const rules: Rules = Array.isArray(claims.searchRules)
      ? Object.fromEntries((claims.searchRules as string[]).map((name) => [name, null]))
      : ((claims.searchRules ?? {}) as Rules);
    if (!covers(Object.keys(rules), index) || !covers(parent.indexes, index)) return invalidKey();
    // A specific rule wins over a pattern, a pattern over `*`.
    const rule =
      rules[index] ??
      Object.entries(rules).find(([name]) => name !== "*" && covers([name], index))?.[1] ??
      rules["*"];
    ruleFilter = rule?.filter;
  }
  const records = options.indexes[index];
  if (records === undefined)
    return error(404, "index_not_found", "invalid_request", `Index \`${index}\` not found.`);
  const body = (request.body ?? {}) as Record<string, unknown>;
  const filters: RecordFilter[] = [];
  for (const text of [body.filter, ruleFilter]) {
    if (typeof text !== "string" || text.trim() === "") continue;
    const filter = parseFilter(text);
    if (filter === undefined)
      return error(
        400,
        "invalid_search_filter",
        "invalid_request",
        "Was expecting an operation `=`.",
      );
    for (const anyOf of filter) {
      for (const { field } of anyOf) {
        if (!options.filterableAttributes.includes(field)) {
          return error(
            400,
            "invalid_search_filter",
            "invalid_request",
            `Attribute \`${field}\` is not filterable.`,
          );
        }
      }
    }
    filters.push(filter);
  }
  const q = typeof body.q === "string" ? body.q : "";
  const offset = Number(body.offset ?? 0);
  const limit = Number(body.limit ?? 20);
  if (!Number.isInteger(offset) || offset < 0)
    return error(
      400,
      "invalid_search_offset",
      "invalid_request",
      "Invalid value type at `.offset`.",
    );
  if (!Number.isInteger(limit) || limit < 0)
    return error(400, "invalid_search_limit", "invalid_request", "Invalid value type at `.limit`.");
  const ranked = hybridRanking(
    body,
    records.filter((record) => filters.every((filter) => matchesFilter(record, filter))),
    options.searchableAttributes,
    options.embedders ?? {},
  );
  if ("status" in ranked) return ranked;
  const found = ranked.records.slice(0, 1000); // pagination.maxTotalHits
  const retrieve = Array.isArray(body.attributesToRetrieve)
    ? (body.attributesToRetrieve as string[])
    : ["*"];
  const crop = Array.isArray(body.attributesToCrop) ? (body.attributesToCrop as string[]) : [];
  const cropLength = Number(body.cropLength ?? 10);
  const page = found.slice(offset, offset + limit);
  return {
    status: 200,
    body: {
      hits: page.map((record, rank) => ({
        ...(retrieve.includes("*")
          ? // `_vectors` only with `retrieveVectors: true`.
            Object.fromEntries(
              Object.entries(record).filter(
                ([name]) => name !== "_vectors" || body.retrieveVectors === true,
              ),
            )
          : Object.fromEntries(
              retrieve
                .filter((name) => Object.hasOwn(record, name))
                .map((name) => [name, record[name]]),
            )),
        ...(crop.length === 0
          ? {}
          : {
              _formatted: Object.fromEntries(
                crop.map((name) => [
                  name,
                  snippetWords(String(recordAttribute(record, name) ?? ""), q, cropLength),
                ]),
              ),
            }),
        ...(body.showRankingScore === true
          ? { _rankingScore: 1 - (offset + rank) / (found.length + 1) }
          : {}),
      })),
      query: q,
      processingTimeMs: 1,
      limit,
      offset,
      estimatedTotalHits: found.length,
      ...(body.hybrid === undefined
        ? {}
        : { semanticHitCount: page.filter((record) => ranked.semantic.has(record)).length }),
    },
  };
}

/** `a = "x" OR a = y AND b = "z"`: enough of the filter grammar for the backends' filters. */
function parseFilter(text: string): RecordFilter | undefined {
  const conjunction: Array<Array<{ field: string; value: string }>> = [];
  for (const part of text.split(/\s+AND\s+/)) {
    const disjunction: Array<{ field: string; value: string }> = [];
    for (const term of part.replace(/^\(|\)$/g, "").split(/\s+OR\s+/)) {
      const match =
        /^\s*([A-Za-z0-9_.@-]+)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|'((?:[^'\\]|\\.)*)'|([^\s"']+))\s*$/.exec(
          term,
        );
      if (match === null) return undefined;
      const value = match[2] ?? match[3] ?? match[4] ?? "";
      disjunction.push({ field: match[1] ?? "", value: value.replace(/\\(.)/g, "$1") });
    }
    conjunction.push(disjunction);
  }
  return conjunction;
}

/**
 * `GET /indexes/{index_uid}/settings/filterable-attributes`, "Get filterableAttributes"
 * (https://www.meilisearch.com/docs/reference/api/settings/get-filterableattributes): the list
 * of attribute names. It takes the `settings.get` action, which a search key lacks: Meilisearch
 * answers 403 invalid_api_key; an unknown index is 404 index_not_found ("Index `x` not found.").
 */
function filterableAttributes(
  request: EngineRequest,
  options: FakeMeilisearchOptions,
  index: string,
): EngineAnswer {
  const token = request.headers.authorization?.replace(/^Bearer\s+/i, "");
  if (token === undefined) {
    return error(
      401,
      "missing_authorization_header",
      "auth",
      "The Authorization header is missing. It must use the bearer authorization method.",
    );
  }
  const key = options.keys.find((candidate) => candidate.key === token);
  const actions = key?.actions ?? ["search"];
  const may = ["*", "settings.*", "settings.get"].some((action) => actions.includes(action));
  if (key === undefined || !may || !covers(key.indexes, index)) return invalidKey();
  if (options.indexes[index] === undefined) {
    return error(404, "index_not_found", "invalid_request", `Index \`${index}\` not found.`);
  }
  return { status: 200, body: [...options.filterableAttributes] };
}
