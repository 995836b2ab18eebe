import { createHmac, timingSafeEqual } from "node:crypto";
import {
  type EngineAnswer,
  type EngineRequest,
  type FakeHostedEngine,
  type HostedRecord,
  matchesFilter,
  type RecordFilter,
  searchRecords,
  snippetWords,
  startFakeHostedEngine,
} from "./fake-hosted-engine.js";
import { recordAttribute } from "./record-attribute.js";

// A fake Algolia speaking the search REST API as its reference documents it
// (https://www.algolia.com/doc/rest-api/search/): `POST /1/indexes/{indexName}/query` with a JSON
// body of search parameters (or `{"params": "<query string>"}`), `X-Algolia-Application-Id`
// and `X-Algolia-API-Key` headers, errors as {"message", "status"}. Secured API keys are
// verified as Algolia does: the embedded parameters' HMAC-SHA256 under one of the parent keys,
// their validUntil, restrictIndices and filters enforced. Written independently of the backend
// (node:crypto here, Web Crypto there), so a wrong derivation fails here.

export interface FakeAlgoliaOptions {
  appId: string;
  indices: Readonly<Record<string, readonly HostedRecord[]>>;
  /**
   * API keys, the indices each may read ("*": all) and its ACL (default `search` only, a
   * search key; `settings` may read settings). Secured keys derive from these.
   */
  keys: Readonly<Record<string, { indices: readonly string[] | "*"; acl?: readonly string[] }>>;
  /** The index settings' searchableAttributes, best first. */
  searchableAttributes: readonly string[];
  /** attributesForFaceting: filtering on any other attribute matches nothing, as on Algolia. */
  attributesForFaceting: readonly string[];
  /** Listeners: the DSN host and its fallbacks (default 1). */
  hosts?: number;
  /** Unix seconds, for validUntil. */
  nowSeconds?: () => number;
}

const forbiddenMessage = "Index not allowed with this API key";

export async function startFakeAlgolia(options: FakeAlgoliaOptions): Promise<FakeHostedEngine> {
  const nowSeconds = options.nowSeconds ?? (() => Math.floor(Date.now() / 1000));
  return startFakeHostedEngine((request) => answer(request, options, nowSeconds()), {
    hosts: options.hosts ?? 1,
  });
}

function error(status: number, message: string): EngineAnswer {
  return { status, body: { message, status } };
}

interface KeyGrant {
  indices: readonly string[] | "*";
  restrictIndices?: readonly string[];
  filters?: string;
}

function answer(request: EngineRequest, options: FakeAlgoliaOptions, now: number): EngineAnswer {
  const settings = /^\/1\/indexes\/([^/]+)\/settings$/.exec(request.path);
  if (request.method === "GET" && settings !== null) {
    return getSettings(request, options, decodeURIComponent(settings[1] ?? ""));
  }
  const match = /^\/1\/indexes\/([^/]+)\/query$/.exec(request.path);
  if (request.method !== "POST" || match === null) return error(404, "Not Found");
  if (request.headers["x-algolia-application-id"] !== options.appId) {
    return error(403, "Invalid Application-ID or API key");
  }
  const grant = grantOf(request.headers["x-algolia-api-key"], options, now);
  if ("status" in grant) return grant;
  const index = decodeURIComponent(match[1] ?? "");
  const allowed = (list: readonly string[] | "*" | undefined) =>
    list === undefined ||
    list === "*" ||
    list.some(
      (pattern) =>
        pattern === index || (pattern.endsWith("*") && index.startsWith(pattern.slice(0, -1))),
    );
  // Algolia checks the key's scope before the index's existence.
  if (!allowed(grant.indices) || !allowed(grant.restrictIndices))
    return error(403, forbiddenMessage);
  const records = options.indices[index];
  if (records === undefined) return error(404, "Index does not exist");
  const parameters = searchParameters(request.body);
  if (parameters === undefined) return error(400, "Invalid JSON body");

  const filters: RecordFilter[] = [];
  for (const text of [parameters.filters, grant.filters]) {
    if (typeof text !== "string" || text.trim() === "") continue;
    const filter = parseFilters(text);
    if (filter === undefined) return error(400, "filters: Unexpected token");
    filters.push(filter);
  }
  const facetable = (filter: RecordFilter) =>
    filter.every((anyOf) =>
      anyOf.every(({ field }) => options.attributesForFaceting.map(facetName).includes(field)),
    );
  const query = typeof parameters.query === "string" ? parameters.query : "";
  const found = filters.every(facetable)
    ? searchRecords(records, query, options.searchableAttributes).filter((record) =>
        filters.every((filter) => matchesFilter(record, filter)),
      )
    : [];

  let offset: number;
  let length: number;
  if (parameters.offset !== undefined || parameters.length !== undefined) {
    offset = Number(parameters.offset ?? 0);
    length = Number(parameters.length ?? 20);
    if (!Number.isInteger(offset) || !Number.isInteger(length) || length < 0 || length > 1000) {
      return error(400, "length must be between 0 and 1000");
    }
  } else {
    const hitsPerPage = Number(parameters.hitsPerPage ?? 20);
    offset = Number(parameters.page ?? 0) * hitsPerPage;
    length = hitsPerPage;
  }
  // paginationLimitedTo: 1000.
  const reachable = found.slice(0, 1000);
  const page = reachable.slice(offset, offset + length);
  const retrieve = Array.isArray(parameters.attributesToRetrieve)
    ? (parameters.attributesToRetrieve as string[])
    : ["*"];
  const snippets = Array.isArray(parameters.attributesToSnippet)
    ? (parameters.attributesToSnippet as string[])
    : [];
  return {
    status: 200,
    body: {
      hits: page.map((record) => ({
        ...pick(record, retrieve),
        objectID: record.objectID,
        ...(snippets.length === 0
          ? {}
          : { _snippetResult: snippetResult(record, snippets, query) }),
      })),
      nbHits: reachable.length,
      page: length === 0 ? 0 : Math.floor(offset / length),
      nbPages: length === 0 ? 0 : Math.ceil(reachable.length / length),
      hitsPerPage: length,
      exhaustiveNbHits: true,
      processingTimeMS: 1,
      query,
      params: "",
    },
  };
}

function grantOf(
  key: string | undefined,
  options: FakeAlgoliaOptions,
  now: number,
): KeyGrant | EngineAnswer {
  if (key === undefined) return error(403, "Invalid Application-ID or API key");
  const plain = options.keys[key];
  if (plain !== undefined) return { indices: plain.indices };
  // A secured key: base64 of 64 hex characters of HMAC-SHA256, then the query parameters.
  const decoded = Buffer.from(key, "base64").toString("utf8");
  const signature = decoded.slice(0, 64);
  const parameters = decoded.slice(64);
  if (!/^[0-9a-f]{64}$/.test(signature)) return error(403, "Invalid Application-ID or API key");
  for (const [parentKey, grant] of Object.entries(options.keys)) {
    const expected = createHmac("sha256", parentKey).update(parameters).digest("hex");
    if (!timingSafeEqual(Buffer.from(expected), Buffer.from(signature))) continue;
    const embedded = new URLSearchParams(parameters);
    const validUntil = embedded.get("validUntil");
    if (validUntil !== null && Number(validUntil) <= now) {
      return error(400, "The validity of the secured API key has expired (validUntil)");
    }
    const restrictIndices = embedded.get("restrictIndices");
    const filters = embedded.get("filters");
    return {
      indices: grant.indices,
      ...(restrictIndices === null ? {} : { restrictIndices: restrictIndices.split(",") }),
      ...(filters === null ? {} : { filters }),
    };
  }
  return error(403, "Invalid Application-ID or API key");
}

function searchParameters(body: unknown): Record<string, unknown> | undefined {
  if (typeof body !== "object" || body === null) return undefined;
  const object = body as Record<string, unknown>;
  if (typeof object.params !== "string") return object;
  const parsed: Record<string, unknown> = {};
  for (const [name, value] of new URLSearchParams(object.params)) {
    parsed[name] = value.startsWith("[") ? JSON.parse(value) : value;
  }
  return parsed;
}

/** `a:"x" OR a:y AND b:"z"`: AND binds looser than OR here, enough for the backends' filters. */
function parseFilters(text: string): RecordFilter | undefined {
  const conjunction: Array<Array<{ field: string; value: string }>> = [];
  for (const part of text.split(/\s+AND\s+/)) {
    const disjunction: Array<{ field: string; value: string }> = [];
    for (const term of part.replace(/^\(|\)$/g, "").split(/\s+OR\s+/)) {
      const match = /^\s*([A-Za-z0-9_.@-]+):(?:"((?:[^"\\]|\\.)*)"|([^\s"]+))\s*$/.exec(term);
      if (match === null) return undefined;
      const value = match[2] === undefined ? (match[3] ?? "") : match[2].replace(/\\(.)/g, "$1");
      disjunction.push({ field: match[1] ?? "", value });
    }
    conjunction.push(disjunction);
  }
  return conjunction;
}

function pick(record: HostedRecord, attributes: readonly string[]): Record<string, unknown> {
  if (attributes.includes("*")) return { ...record };
  const picked: Record<string, unknown> = {};
  for (const attribute of attributes) {
    const [top] = attribute.split(".");
    if (top !== undefined && Object.hasOwn(record, top)) picked[top] = record[top];
    if (Object.hasOwn(record, attribute)) picked[attribute] = record[attribute];
  }
  return picked;
}

function snippetResult(
  record: HostedRecord,
  attributes: readonly string[],
  query: string,
): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const attribute of attributes) {
    const [name, count] = attribute.split(":");
    if (name === undefined) continue;
    const value = recordAttribute(record, name);
    if (typeof value !== "string") continue;
    result[name] = { value: snippetWords(value, query, Number(count ?? 10)), matchLevel: "full" };
  }
  return result;
}

/**
 * `GET /1/indexes/{indexName}/settings`, "Get settings"
 * (https://www.algolia.com/doc/rest-api/search/get-settings): the index's settings, here the
 * two the backends depend on. It takes the `settings` ACL, which a search key lacks (403
 * "Method not allowed with this API key"); an unknown index is 404 "Index does not exist".
 */
function getSettings(request: EngineRequest, options: FakeAlgoliaOptions, index: string) {
  if (request.headers["x-algolia-application-id"] !== options.appId) {
    return error(403, "Invalid Application-ID or API key");
  }
  const key = request.headers["x-algolia-api-key"];
  const grant = key === undefined ? undefined : options.keys[key];
  if (grant === undefined) return error(403, "Invalid Application-ID or API key");
  if (!(grant.acl ?? ["search"]).includes("settings")) {
    return error(403, "Method not allowed with this API key");
  }
  if (grant.indices !== "*" && !grant.indices.includes(index)) return error(403, forbiddenMessage);
  if (options.indices[index] === undefined) return error(404, "Index does not exist");
  return {
    status: 200,
    body: {
      searchableAttributes: [...options.searchableAttributes],
      attributesForFaceting: [...options.attributesForFaceting],
      hitsPerPage: 20,
      paginationLimitedTo: 1000,
    },
  };
}

/** The attribute a facet entry names: `filterOnly(x)`, `searchable(x)`, `afterDistinct(…)` facet x. */
function facetName(entry: string): string {
  return entry.replace(/^(?:(?:filterOnly|searchable|afterDistinct)\()+([^()]*)\)+$/, "$1");
}
