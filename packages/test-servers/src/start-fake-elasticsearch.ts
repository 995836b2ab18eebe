import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import {
  allShardsFailed,
  clusterUnavailable,
  type EngineError,
  engineError,
  type Flavor,
  highlightTooLong,
  noShardAvailable,
  parsingError,
  queryStringParseError,
  readBlocked,
  rejectedExecution,
  resultWindowTooLarge,
} from "./fake-elasticsearch-errors.js";
import { type FieldMapping, mappingAnswer } from "./fake-elasticsearch-mapping.js";
import {
  authenticate as authenticateUser,
  type ClusterNames,
  type FakeElasticsearchUser,
  globMatches,
  mappingIndices,
  resolveTarget,
} from "./fake-elasticsearch-privileges.js";
import {
  type FakeRecord,
  type FakeSearchBody,
  highlightOf,
  highlightTerms,
  parseSearchBody,
  queryStringParses,
  queryStrings,
  scoreOf,
  statisticsFor,
} from "./fake-elasticsearch-search.js";
import { type FakeVectorField, isVectorBody, vectorSearch } from "./fake-elasticsearch-vector.js";
import { type FakeSearchPipeline, pipelineMissing } from "./fake-opensearch-hybrid.js";

// A local server speaking the Search API as Elasticsearch 8-9 and OpenSearch 2-3 document it:
// `POST /{target}/_search` (Elasticsearch "Search API", https://www.elastic.co/guide/en/
// elasticsearch/reference/current/search-search.html; OpenSearch "Search",
// https://docs.opensearch.org/latest/api-reference/search-apis/search/), targets in the
// multi-target syntax (names, aliases, `*` patterns, `-` exclusions; "API conventions"), index
// privileges per user (Elasticsearch "Security privileges": an explicitly named index the user
// may not read is a 403 security_exception, a pattern silently expands to the indices the user may
// read), and every fault of the backend's status table injectable per index. One shard per index.

export type FakeElasticsearchFault =
  /** Shards unassigned or recovering: 503 ("all shards failed", no shard available, or a cluster block). */
  | { kind: "rebuilding"; shape?: "all_shards_failed" | "no_shard_available" | "cluster_block" }
  /** A closed index: named, 400 index_closed_exception; a pattern skips it (expand_wildcards=open). */
  | { kind: "closed" }
  /** `index.blocks.read`: 403 cluster_block_exception. */
  | { kind: "read_blocked" }
  /** The search thread pool's queue is full: 429. */
  | { kind: "rejected"; retryAfterSeconds?: number }
  /** 200 with `_shards.failed: 1` and the other shard's hits. */
  | { kind: "partial_shards" }
  /** 200 with `timed_out: true` and the hits found so far. */
  | { kind: "timed_out" }
  /** 500 from the engine, or 502/504 with a proxy's HTML page. */
  | { kind: "server_error"; status?: 500 | 502 | 504 }
  /** Any documented error, e.g. one whose `reason` echoes the request back. */
  | { kind: "error"; status: number; type: string; reason: string }
  /** The connection dropped before any answer. */
  | { kind: "reset" }
  /** Answers after `delayMs`; past the request's `timeout`, a partial answer at the timeout, as the engines do. */
  | { kind: "slow"; delayMs: number }
  /** 307 to another origin. */
  | { kind: "redirect" }
  /** 200 whose body is not the Search API's. */
  | { kind: "malformed" };

export type { FakeElasticsearchUser } from "./fake-elasticsearch-privileges.js";

export interface FakeElasticsearchOptions {
  /** Whose wire: error type names, the 401 body, the product header differ. Default elasticsearch. */
  flavor?: Flavor;
  /** Index name → its records (`_source`s), one per section. */
  indices: Record<string, readonly Record<string, unknown>[]>;
  /** Alias → the indices it points to. */
  aliases?: Record<string, readonly string[]>;
  /** The `authorization` header value → its user. Absent: security off, anyone reads. */
  users?: Record<string, FakeElasticsearchUser>;
  /** index.highlight.max_analyzed_offset (default 1,000,000). */
  highlightMaxAnalyzedOffset?: number;
  /** index.max_result_window (default 10,000). */
  maxResultWindow?: number;
  /** Milliseconds every search answer waits before it is sent: a network and a busier engine. Default 0. */
  latencyMs?: number;
  /**
   * The `_source` field each record's `_id` is (the Elastic web crawler writes its `id` as the
   * document's `_id`); default `<document_id>-<section>`, as section records are indexed.
   */
  idField?: string;
  /** Index name → its fields' mappings (Get mapping); default `sectionIndexMapping`. */
  mappings?: Record<string, Record<string, FieldMapping>>;
  /** Vector and semantic_text fields, deployed models, RRF's license (fake-elasticsearch-vector.ts). */
  vectors?: {
    fields: Record<string, FakeVectorField>;
    models?: Record<string, (text: string) => number[]>;
    rrfLicensed?: boolean;
    /** OpenSearch: the search pipelines the app created, by name (fake-opensearch-hybrid.ts). */
    searchPipelines?: Record<string, FakeSearchPipeline>;
    /** OpenSearch: false for a cluster before 2.19 (no hybrid `pagination_depth`). */
    hybridPaginationDepth?: boolean;
    /** OpenSearch: true for a cluster that wraps, then refuses, a hybrid query (an alias filter before 2.14, DLS). */
    wrapsHybrid?: boolean;
  };
}

export interface FakeElasticsearchRequest {
  method: string;
  path: string;
  query: string;
  headers: IncomingMessage["headers"];
  body: string;
  status: number;
  /** True for requests that reached the other origin (after a redirect). */
  elsewhere: boolean;
}

export interface FakeElasticsearch {
  url: string;
  /** The other origin a redirect fault points to; it records what reaches it. */
  elsewhereUrl: string;
  requests: FakeElasticsearchRequest[];
  setFault(index: string, fault: FakeElasticsearchFault | undefined): void;
  clearFaults(): void;
  setLatency(milliseconds: number): void;
  close(): Promise<void>;
}

const knownParameters = new Set(["allow_no_indices", "ignore_unavailable", "pretty"]);

/** Starts the fake on 127.0.0.1 (a free port). Close it when done. */
export async function startFakeElasticsearch(
  options: FakeElasticsearchOptions,
): Promise<FakeElasticsearch> {
  const flavor = options.flavor ?? "elasticsearch";
  const records = new Map<string, FakeRecord[]>();
  for (const [index, sources] of Object.entries(options.indices)) {
    records.set(
      index,
      sources.map((source, position) => ({
        index,
        id:
          options.idField === undefined
            ? `${String(source.document_id ?? "record")}-${String(source.section ?? position)}`
            : String(source[options.idField]),
        source,
      })),
    );
  }
  const aliases = new Map(Object.entries(options.aliases ?? {}));
  for (const [alias, targets] of aliases) {
    for (const target of targets) {
      if (!records.has(target)) throw new Error(`alias ${alias} points to no index ${target}`);
    }
  }
  const faults = new Map<string, FakeElasticsearchFault>();
  const requests: FakeElasticsearchRequest[] = [];
  const maxResultWindow = options.maxResultWindow ?? 10_000;
  let latencyMs = options.latencyMs ?? 0;

  const elsewhere = createServer((request, response) => {
    request.on("error", () => {});
    requests.push({
      method: request.method ?? "",
      path: request.url?.split("?")[0] ?? "",
      query: "",
      headers: request.headers,
      body: "",
      status: 200,
      elsewhere: true,
    });
    // An empty, complete answer: a client that followed the redirect would read "nothing matched".
    send(response, 200, {
      took: 0,
      timed_out: false,
      _shards: { total: 1, successful: 1, skipped: 0, failed: 0 },
      hits: { total: { value: 0, relation: "eq" }, max_score: null, hits: [] },
    });
  });
  const elsewhereUrl = `http://127.0.0.1:${await listen(elsewhere)}`;

  const server = createServer((request, response) => {
    request.on("error", () => {});
    response.on("error", () => {});
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      const [path = "", query = ""] = (request.url ?? "").split("?");
      const record: FakeElasticsearchRequest = {
        method: request.method ?? "",
        path,
        query,
        headers: request.headers,
        body,
        status: 0,
        elsewhere: false,
      };
      requests.push(record);
      void answer(request, response, record).catch(() => response.destroy());
    });
  });

  function reply(
    response: ServerResponse,
    record: FakeElasticsearchRequest,
    error: EngineError,
  ): void {
    record.status = error.status;
    if (error.text !== undefined) {
      response.writeHead(error.status, {
        "content-type": "text/plain; charset=UTF-8",
        ...error.headers,
      });
      response.end(error.text);
      return;
    }
    send(response, error.status, error.body, { ...productHeader(), ...error.headers });
  }

  function productHeader(): Record<string, string> {
    // Elasticsearch 7.14+ names itself on every answer; OpenSearch does not.
    return flavor === "elasticsearch" ? { "x-elastic-product": "Elasticsearch" } : {};
  }

  async function answer(
    request: IncomingMessage,
    response: ServerResponse,
    record: FakeElasticsearchRequest,
  ): Promise<void> {
    const mapping = /^\/([^/]+)\/_mapping$/.exec(record.path);
    if (mapping !== null && request.method === "GET") {
      const user = authenticate(request.headers);
      if ("status" in user) return reply(response, record, user);
      const target = decodeURIComponent(mapping[1] ?? "");
      const answer = mappingAnswer({
        flavor,
        target,
        indices: mappingIndices(target, user.user, cluster),
        user: user.user,
        mayView: globMatches,
        mappings: options.mappings,
      });
      record.status = answer.status;
      return answer.status === 200
        ? send(response, 200, answer.body, productHeader())
        : reply(response, record, answer);
    }
    const match = /^\/([^/]+)\/_search$/.exec(record.path);
    if (match === null || (request.method !== "POST" && request.method !== "GET")) {
      record.status = 400;
      send(response, 400, {
        error: `no handler found for uri [${record.path}] and method [${request.method}]`,
        status: 400,
      });
      return;
    }
    const parameters = new URLSearchParams(record.query);
    for (const name of parameters.keys()) {
      // search_pipeline is OpenSearch's ("Using a search pipeline",
      // https://docs.opensearch.org/latest/search-plugins/search-pipelines/using-search-pipeline/).
      if (!knownParameters.has(name) && !(name === "search_pipeline" && flavor === "opensearch")) {
        reply(
          response,
          record,
          engineError(
            400,
            "illegal_argument_exception",
            `request [${record.path}] contains unrecognized parameter: [${name}]`,
          ),
        );
        return;
      }
    }
    const user = authenticate(request.headers);
    if ("status" in user) {
      reply(response, record, user);
      return;
    }
    const target = decodeURIComponent(match[1] ?? "");
    const resolved = resolve(target, user.user, {
      allowNoIndices: parameters.get("allow_no_indices") !== "false",
      ignoreUnavailable: parameters.get("ignore_unavailable") === "true",
    });
    if (!Array.isArray(resolved)) {
      reply(response, record, resolved);
      return;
    }
    let json: unknown;
    try {
      json = JSON.parse(record.body);
    } catch {
      reply(response, record, { ...parsingError("Failed to parse request body") });
      return;
    }
    const pipeline = parameters.get("search_pipeline");
    const pipelines = options.vectors?.searchPipelines ?? {};
    const noPipeline = pipelineMissing(pipeline, pipelines);
    if (noPipeline !== undefined) {
      reply(response, record, noPipeline);
      return;
    }
    if (isVectorBody(json)) {
      const candidates = resolved.flatMap((index) => records.get(index) ?? []);
      const lexicalIds = (query: unknown, size: number) => {
        const lexical = parseSearchBody({ query, size, _source: false }, flavor);
        if ("status" in lexical) return lexical;
        const answer = search(resolved, lexical, [], false);
        if (answer.kind === "refused") return answer.error;
        const hits = (answer.body as { hits: { hits: { _id: string }[] } }).hits.hits;
        return hits.map((hit) => hit._id);
      };
      const vectors = options.vectors;
      const answer = vectorSearch(json as Record<string, unknown>, candidates, {
        flavor,
        fields: vectors?.fields ?? {},
        models: vectors?.models ?? {},
        rrfLicensed: vectors?.rrfLicensed ?? true,
        lexicalIds,
        pipeline,
        pipelines,
        paginationDepth: vectors?.hybridPaginationDepth ?? true,
        wrapsHybrid: vectors?.wrapsHybrid ?? false,
      });
      reply(response, record, answer);
      return;
    }
    const searchBody = parseSearchBody(json, flavor);
    if ("status" in searchBody) {
      reply(response, record, searchBody);
      return;
    }
    for (const text of queryStrings(searchBody.query)) {
      if (!queryStringParses(text)) {
        reply(response, record, queryStringParseError(resolved[0] ?? target, text));
        return;
      }
    }
    if (searchBody.from + searchBody.size > maxResultWindow) {
      reply(
        response,
        record,
        resultWindowTooLarge(maxResultWindow, searchBody.from + searchBody.size),
      );
      return;
    }

    const faulted = resolved.find((index) => faults.has(index));
    const fault = faulted === undefined ? undefined : faults.get(faulted);
    let failedIndices: readonly string[] = [];
    let timedOut = false;
    switch (fault?.kind) {
      case undefined:
        break;
      case "reset":
        request.socket.destroy();
        return;
      case "redirect":
        record.status = 307;
        response.writeHead(307, { location: `${elsewhereUrl}${request.url ?? "/"}` });
        response.end();
        return;
      case "malformed":
        record.status = 200;
        send(response, 200, { took: 1, hits: { hits: "not a list" } }, productHeader());
        return;
      case "read_blocked":
        reply(response, record, readBlocked(faulted as string));
        return;
      case "rejected":
        reply(response, record, rejectedExecution(flavor, fault.retryAfterSeconds));
        return;
      case "server_error": {
        const status = fault.status ?? 500;
        if (status === 500) {
          reply(
            response,
            record,
            engineError(500, "null_pointer_exception", 'Cannot invoke "Object.hashCode()"'),
          );
        } else {
          record.status = status;
          response.writeHead(status, { "content-type": "text/html" });
          response.end(`<html><body><h1>${status} Gateway error</h1></body></html>`);
        }
        return;
      }
      case "error":
        reply(response, record, engineError(fault.status, fault.type, fault.reason));
        return;
      case "rebuilding": {
        const rebuilding = resolved.filter((index) => faults.get(index)?.kind === "rebuilding");
        if (rebuilding.length < resolved.length) {
          // Some of the target's shards answer: a partial 200, as the engines give by default.
          failedIndices = rebuilding;
          break;
        }
        const shape = fault.shape ?? "all_shards_failed";
        reply(
          response,
          record,
          shape === "cluster_block"
            ? clusterUnavailable(flavor)
            : shape === "no_shard_available"
              ? noShardAvailable(faulted as string)
              : allShardsFailed(),
        );
        return;
      }
      case "partial_shards":
        failedIndices = [faulted as string];
        break;
      case "timed_out":
        timedOut = true;
        break;
      case "slow": {
        const timeout = searchBody.timeoutMs;
        if (timeout !== undefined && timeout < fault.delayMs) {
          await sleep(timeout);
          timedOut = true;
        } else {
          await sleep(fault.delayMs);
        }
        break;
      }
      case "closed":
        // Closed indices never reach here: resolve() answers for them.
        break;
    }
    if (latencyMs > 0) await sleep(latencyMs);
    if (response.destroyed) return;
    const result = search(resolved, searchBody, failedIndices, timedOut);
    if (result.kind === "refused") {
      reply(response, record, result.error);
      return;
    }
    record.status = 200;
    send(response, 200, result.body, productHeader());
  }

  function authenticate(
    headers: IncomingMessage["headers"],
  ): { user: FakeElasticsearchUser | undefined } | EngineError {
    return authenticateUser(headers, options.users, flavor);
  }

  const cluster: ClusterNames = {
    flavor,
    indices: () => records.keys(),
    aliases,
    isClosed: (index) => faults.get(index)?.kind === "closed",
  };

  function resolve(
    target: string,
    user: FakeElasticsearchUser | undefined,
    parameters: { allowNoIndices: boolean; ignoreUnavailable: boolean },
  ): string[] | EngineError {
    return resolveTarget(target, user, cluster, parameters);
  }

  function search(
    indices: readonly string[],
    body: FakeSearchBody,
    failedIndices: readonly string[],
    timedOut: boolean,
  ): { kind: "answer"; body: unknown } | { kind: "refused"; error: EngineError } {
    const started = performance.now();
    const searched = indices.filter((index) => !failedIndices.includes(index));
    let candidates = searched.flatMap((index) => records.get(index) ?? []);
    if (timedOut) {
      // The engine stops collecting at the timeout: the hits found so far, which may be none.
      candidates = candidates.slice(0, Math.floor(candidates.length / 2));
    }
    const statistics = statisticsFor(candidates);
    const matches: Array<{ record: FakeRecord; score: number }> = [];
    for (const record of candidates) {
      const score = scoreOf(record, body.query, statistics);
      if (score !== undefined) matches.push({ record, score });
    }
    const sortKeys =
      body.sort.length === 0 ? [{ field: "_score", order: "desc" as const }] : body.sort;
    matches.sort((left, right) => {
      for (const key of sortKeys) {
        const order = key.order === "asc" ? 1 : -1;
        const leftValue = key.field === "_score" ? left.score : left.record.source[key.field];
        const rightValue = key.field === "_score" ? right.score : right.record.source[key.field];
        const compared = compareValues(leftValue, rightValue);
        if (compared !== 0) return compared * order;
      }
      return left.record.id < right.record.id ? -1 : left.record.id > right.record.id ? 1 : 0;
    });
    const sortedByScore = body.sort.length === 0 || body.sort[0]?.field === "_score";
    const showScore = sortedByScore || body.trackScores;
    const terms = highlightTerms(body.query);
    const pageMatches = matches.slice(body.from, body.from + body.size);
    // A field past the index's limit is refused unless the request's own limit is within it
    // (then the field is highlighted up to that limit: "Highlighting" > max_analyzed_offset).
    const indexLimit = options.highlightMaxAnalyzedOffset ?? 1_000_000;
    const requestLimit = body.highlightMaxOffset;
    for (const { record } of pageMatches) {
      for (const field of Object.keys(body.highlight)) {
        const value = record.source[field];
        const fits = requestLimit !== undefined && requestLimit <= indexLimit;
        if (typeof value === "string" && value.length > indexLimit && !fits) {
          return {
            kind: "refused",
            error: highlightTooLong(field, record.id, record.index, indexLimit),
          };
        }
      }
    }
    const page = pageMatches.map(({ record, score }) => {
      const highlight: Record<string, string[]> = {};
      for (const [field, options] of Object.entries(body.highlight)) {
        const whole = record.source[field];
        if (typeof whole !== "string") continue;
        const value = requestLimit === undefined ? whole : whole.slice(0, requestLimit);
        const fragments = highlightOf(value, terms, options);
        if (fragments !== undefined) highlight[field] = fragments;
      }
      return {
        _index: record.index,
        _id: record.id,
        _score: showScore ? score : null,
        ...(body.source === false ? {} : { _source: pick(record.source, body.source) }),
        ...(Object.keys(highlight).length === 0 ? {} : { highlight }),
        ...(body.sort.length === 0
          ? {}
          : {
              sort: body.sort.map((key) =>
                key.field === "_score" ? score : (record.source[key.field] ?? null),
              ),
            }),
      };
    });
    const total = matches.length;
    const track = body.trackTotalHits;
    const totalHits =
      track === false
        ? undefined
        : track === true || total <= track
          ? { value: total, relation: "eq" }
          : { value: track, relation: "gte" };
    const answer = {
      took: Math.round(performance.now() - started),
      timed_out: timedOut,
      _shards: {
        total: indices.length,
        successful: searched.length,
        skipped: 0,
        failed: failedIndices.length,
        ...(failedIndices.length === 0
          ? {}
          : {
              failures: failedIndices.map((index) => ({
                shard: 0,
                index,
                node: "node-1",
                reason: { type: "no_shard_available_action_exception", reason: null, index },
              })),
            }),
      },
      hits: {
        ...(totalHits === undefined ? {} : { total: totalHits }),
        max_score: showScore && page.length > 0 ? Math.max(...matches.map((m) => m.score)) : null,
        hits: page,
      },
    };
    return { kind: "answer", body: answer };
  }

  const port = await listen(server);
  let closing: Promise<void> | undefined;
  return {
    url: `http://127.0.0.1:${port}`,
    elsewhereUrl,
    requests,
    setFault(index, fault) {
      if (!records.has(index)) throw new Error(`no index ${index} in this fake`);
      if (fault === undefined) faults.delete(index);
      else faults.set(index, fault);
    },
    clearFaults() {
      faults.clear();
    },
    setLatency(milliseconds) {
      latencyMs = milliseconds;
    },
    close() {
      closing ??= Promise.all([closeServer(server), closeServer(elsewhere)]).then(() => {});
      return closing;
    },
  };
}

function pick(
  source: Record<string, unknown>,
  fields: readonly string[] | true,
): Record<string, unknown> {
  if (fields === true) return source;
  const picked: Record<string, unknown> = {};
  for (const field of fields) if (field in source) picked[field] = source[field];
  return picked;
}

function compareValues(left: unknown, right: unknown): number {
  if (left === right) return 0;
  // Missing values sort last, as the engines do by default (`missing: _last`).
  if (left === undefined || left === null) return 1;
  if (right === undefined || right === null) return -1;
  if (typeof left === "number" && typeof right === "number") return left - right;
  return String(left) < String(right) ? -1 : 1;
}

function send(
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  if (response.destroyed) return;
  response.writeHead(status, { "content-type": "application/json; charset=UTF-8", ...headers });
  response.end(JSON.stringify(body));
}

function sleep(milliseconds: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, milliseconds));
}

function listen(server: Server): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve((server.address() as AddressInfo).port));
  });
}

function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}
