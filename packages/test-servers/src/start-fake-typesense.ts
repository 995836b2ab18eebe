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
import { type FakeTypesenseVectorField, vectorRanking } from "./fake-typesense-vector.js";
import { recordAttribute } from "./record-attribute.js";

// A fake Typesense speaking the search API as its reference documents it
// (https://typesense.org/docs/latest/api/search.html): `GET /collections/{name}/documents/search`
// with `q`, `query_by`, `filter_by`, `page`, `per_page` (at most 250, else 422),
// `include_fields`, `highlight_fields`, `highlight_affix_num_tokens`; the key in
// `X-TYPESENSE-API-KEY`; errors as {"message"}, 401 for every auth failure. Scoped search keys
// are verified as the engine does (the parent found by its 4-character prefix, the HMAC-SHA256
// of the embedded JSON, `expires_at`, `filter_by` enforced), independently of the backend's code.

export interface FakeTypesenseOptions {
  collections: Readonly<Record<string, readonly HostedRecord[]>>;
  /**
   * API keys, the collections each may search ("*" for all), and its actions (default
   * `documents:search` only, a search key; `collections:get` or `*` may read a schema).
   */
  keys: Readonly<Record<string, { collections: readonly string[]; actions?: readonly string[] }>>;
  /** The schema's indexed fields: query_by and filter_by may only name these. */
  fields: readonly string[];
  /** The schema's vector fields, for vector and hybrid search (fake-typesense-vector.ts). */
  vectorFields?: Readonly<Record<string, FakeTypesenseVectorField>>;
  nowSeconds?: () => number;
}

function error(status: number, message: string): EngineAnswer {
  return { status, body: { message } };
}
const unauthorized = () =>
  error(401, "Forbidden - a valid `x-typesense-api-key` header must be sent.");

export async function startFakeTypesense(options: FakeTypesenseOptions): Promise<FakeHostedEngine> {
  const nowSeconds = options.nowSeconds ?? (() => Math.floor(Date.now() / 1000));
  return startFakeHostedEngine((request) => answer(request, options, nowSeconds()));
}

function answer(request: EngineRequest, options: FakeTypesenseOptions, now: number): EngineAnswer {
  const schema = /^\/collections\/([^/]+)$/.exec(request.path);
  if (request.method === "GET" && schema !== null) {
    return retrieveCollection(request, options, decodeURIComponent(schema[1] ?? ""));
  }
  if (request.method === "POST" && request.path === "/multi_search") {
    return multiSearch(request, options, now);
  }
  const match = /^\/collections\/([^/]+)\/documents\/search$/.exec(request.path);
  if (request.method !== "GET" || match === null) return error(404, "Not Found");
  const collection = decodeURIComponent(match[1] ?? "");
  const key =
    request.headers["x-typesense-api-key"] ?? request.query.get("x-typesense-api-key") ?? undefined;
  if (key === undefined) return unauthorized();
  let grant = options.keys[key];
  let embedded: Record<string, unknown> = {};
  if (grant === undefined) {
    const decoded = Buffer.from(key, "base64").toString("utf8");
    // 44 characters of base64 digest, 4 of the parent key's prefix, then the JSON.
    const digest = decoded.slice(0, 44);
    const prefix = decoded.slice(44, 48);
    const json = decoded.slice(48);
    const parent = Object.entries(options.keys).find(([candidate]) => candidate.startsWith(prefix));
    if (parent === undefined || prefix.length < 4) return unauthorized();
    const expected = createHmac("sha256", parent[0]).update(json).digest("base64");
    if (
      expected.length !== digest.length ||
      !timingSafeEqual(Buffer.from(expected), Buffer.from(digest))
    )
      return unauthorized();
    try {
      embedded = JSON.parse(json);
    } catch {
      return unauthorized();
    }
    if (typeof embedded.expires_at === "number" && embedded.expires_at <= now)
      return unauthorized();
    grant = parent[1];
  }
  if (!grant.collections.includes("*") && !grant.collections.includes(collection))
    return unauthorized();
  const records = options.collections[collection];
  if (records === undefined) return error(404, "Not found.");
  const query = request.query;
  const q = query.get("q");
  const queryBy = query.get("query_by");
  if (q === null) return error(400, "Parameter `q` is required.");
  if (queryBy === null && q !== "*") return error(400, "Parameter `query_by` is required.");
  const searched = (queryBy ?? "").split(",").filter((field) => field !== "");
  for (const field of searched) {
    if (!options.fields.includes(field) && !Object.hasOwn(options.vectorFields ?? {}, field))
      return error(404, `Could not find a field named \`${field}\` in the schema.`);
  }
  const perPage = Number(query.get("per_page") ?? 10);
  const page = Number(query.get("page") ?? 1);
  if (!Number.isInteger(perPage) || perPage > 250)
    return error(422, "Only upto 250 hits can be fetched per page.");
  if (!Number.isInteger(page) || page < 1)
    return error(400, "Parameter `page` must be an unsigned integer.");
  const filters: RecordFilter[] = [];
  for (const text of [query.get("filter_by"), embedded.filter_by]) {
    if (typeof text !== "string" || text.trim() === "") continue;
    const filter = parseFilter(text);
    if (filter === undefined) return error(400, "Could not parse the filter query.");
    for (const anyOf of filter) {
      for (const { field } of anyOf) {
        if (!options.fields.includes(field))
          return error(404, `Could not find a filter field named \`${field}\` in the schema.`);
      }
    }
    filters.push(filter);
  }
  const ranked = vectorRanking(
    query,
    records.filter((record) => filters.every((filter) => matchesFilter(record, filter))),
    searched,
    options.vectorFields ?? {},
  );
  if ("status" in ranked) return ranked;
  const found = ranked.records;
  const include = (query.get("include_fields") ?? "").split(",").filter((field) => field !== "");
  const highlightFields = (query.get("highlight_fields") ?? "")
    .split(",")
    .filter((field) => field !== "");
  const affix = Number(query.get("highlight_affix_num_tokens") ?? 4);
  const hits = found.slice((page - 1) * perPage, page * perPage).map((record, rank) => ({
    document:
      include.length === 0
        ? record
        : Object.fromEntries(
            include
              .filter((field) => Object.hasOwn(record, field))
              .map((field) => [field, record[field]]),
          ),
    highlight: Object.fromEntries(
      highlightFields.map((field) => [
        field,
        {
          snippet: snippetWords(String(recordAttribute(record, field) ?? ""), q, 2 * affix + 1),
          matched_tokens: [],
        },
      ]),
    ),
    highlights: [],
    ...vectorInfo(ranked.info.get(record), 1_000_000 - ((page - 1) * perPage + rank)),
  }));
  return {
    status: 200,
    body: {
      facet_counts: [],
      found: found.length,
      out_of: records.length,
      page,
      request_params: { q, per_page: perPage },
      search_time_ms: 1,
      hits,
    },
  };
}

/** A hit's `text_match` (keyword hits only once vectors are in play) and vector fields. */
function vectorInfo(
  info:
    | { textMatched: boolean; vector_distance?: number; hybrid_search_info?: unknown }
    | undefined,
  textMatch: number,
): Record<string, unknown> {
  if (info === undefined) return { text_match: textMatch };
  const { textMatched, ...fields } = info;
  return { ...fields, ...(textMatched ? { text_match: textMatch } : {}) };
}

/**
 * `POST /multi_search` (https://typesense.org/docs/29.0/api/federated-multi-search.html):
 * `{"searches": [{"collection", ...parameters}]}`, for parameters too long for a URL — a vector
 * query (the vector search page sends them this way). The answer is a 200 whose `results` hold
 * each search's own answer: its body, or `{"code", "error"}` for a search that failed.
 */
function multiSearch(
  request: EngineRequest,
  options: FakeTypesenseOptions,
  now: number,
): EngineAnswer {
  const searches = (request.body as { searches?: unknown } | undefined)?.searches;
  if (!Array.isArray(searches)) return error(400, "Missing `searches` array.");
  const results = searches.map((search: Record<string, unknown>) => {
    const { collection, ...rest } = search;
    const parameters = new URLSearchParams(
      Object.entries(rest).map(([name, value]) => [name, String(value)]),
    );
    const one = answer(
      {
        ...request,
        method: "GET",
        path: `/collections/${encodeURIComponent(String(collection))}/documents/search`,
        query: parameters,
      },
      options,
      now,
    );
    if (one.status === 200) return one.body;
    return { code: one.status, error: (one.body as { message?: string }).message ?? "" };
  });
  return { status: 200, body: { results } };
}

/** `a:=x && b:=\`y z\` || c:w`: enough of filter_by for the backends' filters. */
function parseFilter(text: string): RecordFilter | undefined {
  const conjunction: Array<Array<{ field: string; value: string }>> = [];
  for (const part of text.split(/\s*&&\s*/)) {
    const disjunction: Array<{ field: string; value: string }> = [];
    for (const term of part.replace(/^\(|\)$/g, "").split(/\s*\|\|\s*/)) {
      const match = /^\s*([A-Za-z0-9_.@-]+):=?\s*(?:`([^`]*)`|([^\s`]+))\s*$/.exec(term);
      if (match === null) return undefined;
      disjunction.push({ field: match[1] ?? "", value: match[2] ?? match[3] ?? "" });
    }
    conjunction.push(disjunction);
  }
  return conjunction;
}

/**
 * `GET /collections/{name}`, "Retrieve a collection"
 * (https://typesense.org/docs/27.1/api/collections.html#retrieve-a-collection): the schema
 * (`name`, `num_documents`, `fields` of `name`/`type`/`facet`/`optional`/`index`). A key needs
 * the `collections:get` action (https://typesense.org/docs/27.1/api/api-keys.html); a search
 * key is refused with Typesense's one 401; an unknown collection is 404 {"message":"Not Found"}.
 */
function retrieveCollection(
  request: EngineRequest,
  options: FakeTypesenseOptions,
  collection: string,
): EngineAnswer {
  const key = request.headers["x-typesense-api-key"];
  const grant = key === undefined ? undefined : options.keys[key];
  const actions = grant?.actions ?? ["documents:search"];
  if (grant === undefined || !(actions.includes("*") || actions.includes("collections:get"))) {
    return unauthorized();
  }
  const records = options.collections[collection];
  if (records === undefined) return error(404, "Not Found");
  return {
    status: 200,
    body: {
      name: collection,
      num_documents: records.length,
      created_at: 1_700_000_000,
      default_sorting_field: "",
      enable_nested_fields: false,
      fields: options.fields.map((name) => ({
        name,
        type: "string",
        facet: false,
        optional: true,
        index: true,
        sort: false,
        infix: false,
        locale: "",
      })),
      symbols_to_index: [],
      token_separators: [],
    },
  };
}
