import type { IncomingMessage, ServerResponse } from "node:http";
import { setTimeout as delay } from "node:timers/promises";
import { type AccessControlList, canRead } from "./access-control-list.js";
import { answerDocument } from "./answer-document.js";
import { answerSearch } from "./answer-search.js";
import type { FakeCollection } from "./build-collections.js";
import type { CollectionFaults, FiredFault } from "./collection-faults.js";
import { type BodyFault, bodyFaultKinds } from "./fault.js";
import { type LatencyModel, sampleLatency } from "./latency-model.js";
import { misbehave } from "./misbehave.js";
import { readCallerToken } from "./read-caller-token.js";
import type { RecordedRequest, RequestKind } from "./recorded-request.js";
import type { RandomSource } from "./seeded-random.js";
import type { WireResponse } from "./wire-response.js";

/** What the request handler reads and writes; owned by the service, shared with its handler. */
export interface ServiceState {
  collections: ReadonlyMap<string, FakeCollection>;
  accessControlList: Readonly<AccessControlList>;
  faults: CollectionFaults;
  random: RandomSource;
  latency: LatencyModel | undefined;
  /** The other origin a cross-origin redirect fault points to. */
  elsewhereUrl: string;
  record(request: RecordedRequest): void;
}

type Route =
  | { kind: "search"; collectionId: string }
  | { kind: "document"; collectionId: string; documentId: string }
  | { kind: "other" };

const routePattern = /^\/v2\/collections\/([^/]+)\/documents\/([^/]+)$/;

/**
 * The fake service's whole request path: latency, route, token (401), collection (404),
 * access (403), fault, then the answer. Each request is recorded exactly once, when it is
 * answered, reset, or abandoned by the client.
 */
export function createRequestHandler(
  state: ServiceState,
): (request: IncomingMessage, response: ServerResponse) => void {
  return (request, response) => {
    handle(state, request, response).catch(() => {
      // Nothing above should throw; if it does, the service still must not crash.
      if (!response.headersSent && !response.destroyed) {
        response.writeHead(500, { "content-type": "application/json" });
        response.end('{"error":"internal"}');
      }
    });
  };
}

async function handle(
  state: ServiceState,
  request: IncomingMessage,
  response: ServerResponse,
): Promise<void> {
  const at = Date.now();
  const started = performance.now();
  // Stream errors (a client vanishing mid-request) must not become uncaught exceptions.
  request.on("error", () => {});
  response.on("error", () => {});

  const url = parseUrl(request.url);
  const method = request.method ?? "GET";
  const route =
    method === "GET" && url !== undefined ? matchRoute(url.pathname) : { kind: "other" as const };
  const entry = describeRequest(method, url, route, request);

  let finished = false;
  const finish = (status: number) => {
    if (finished) return;
    finished = true;
    state.record({ ...entry, status, at, durationMs: performance.now() - started });
  };
  // A client that disconnects first has abandoned the request: stop waiting, send nothing.
  const abandoned = new AbortController();
  response.on("close", () => {
    if (!finished) {
      finish(0);
      abandoned.abort();
    }
  });
  const send = (answer: WireResponse) => {
    if (finished) return;
    finish(answer.status);
    const body = typeof answer.body === "string" ? answer.body : JSON.stringify(answer.body);
    response.writeHead(answer.status, {
      "content-type": "application/json; charset=utf-8",
      "content-length": Buffer.byteLength(body),
      ...answer.headers,
    });
    response.end(body);
  };

  const collectionId = route.kind === "other" ? undefined : route.collectionId;
  if (state.latency !== undefined) {
    const milliseconds = sampleLatency(
      state.latency,
      { kind: route.kind, collectionId },
      state.random,
    );
    if (!(await wait(milliseconds, abandoned.signal))) return;
  }

  if (route.kind === "other") return send({ status: 404, body: { error: "not_found" } });

  const token = entry.token;
  // Own keys only: a token spelled `constructor` or `__proto__` is unknown, not a rule.
  const rule =
    token === undefined || !Object.hasOwn(state.accessControlList, token)
      ? undefined
      : state.accessControlList[token];
  if (rule === undefined) {
    return send({
      status: 401,
      body: { error: "unauthorized" },
      headers: { "www-authenticate": 'Bearer realm="docs"' },
    });
  }
  const collection = state.collections.get(route.collectionId);
  if (collection === undefined) {
    return send({ status: 404, body: { error: "collection_not_found" } });
  }
  // Access comes before faults: a collection the caller can never read is 403 even mid-reindex.
  if (!canRead(rule, collection)) return send({ status: 403, body: { error: "forbidden" } });

  const fired = state.faults.fire(collection.id);
  if (fired !== undefined) entry.fault = fired.fault.kind;
  if (fired !== undefined && isBodyFault(fired.fault)) {
    const answer =
      route.kind === "search"
        ? answerSearch(collection, url?.searchParams ?? new URLSearchParams())
        : answerDocument(collection, route.documentId);
    const body = typeof answer.body === "string" ? answer.body : JSON.stringify(answer.body);
    await misbehave(fired.fault, response, {
      body,
      requestPath: request.url ?? "/",
      elsewhereUrl: state.elsewhereUrl,
      onHeaders: finish,
    });
    return;
  }
  if (fired !== undefined) {
    const outcome = faultOutcome(fired, collection);
    if (outcome === "reset") {
      finish(0);
      request.socket.destroy();
      return;
    }
    if (typeof outcome === "number") {
      if (!(await wait(outcome, abandoned.signal))) return;
    } else if (outcome !== undefined) {
      return send(outcome);
    }
  }

  send(
    route.kind === "search"
      ? answerSearch(collection, url?.searchParams ?? new URLSearchParams())
      : answerDocument(collection, route.documentId),
  );
}

function isBodyFault(fault: FiredFault["fault"]): fault is BodyFault {
  return (bodyFaultKinds as readonly string[]).includes(fault.kind);
}

/** What a fired fault does: an answer to send, a delay (ms) before answering, a reset, or nothing more. */
function faultOutcome(
  fired: FiredFault,
  collection: FakeCollection,
): WireResponse | number | "reset" | undefined {
  const { fault } = fired;
  if (isBodyFault(fault)) return undefined;
  switch (fault.kind) {
    case "reindex":
      return {
        status: 409,
        body: { error: "reindexing" },
        headers:
          fault.retryAfterSeconds === undefined
            ? {}
            : { "retry-after": String(fault.retryAfterSeconds) },
      };
    case "shed":
      return {
        status: 429,
        body: { error: "overloaded" },
        headers: { "retry-after": String(fault.retryAfterSeconds ?? 1) },
      };
    case "error":
      return { status: fault.status ?? 503, body: { error: "server_error" } };
    case "malformed":
      // Alternate the two ways a body can be wrong, so a client must handle both.
      return {
        status: 200,
        body: fired.occurrence % 2 === 1 ? '{"items": [{"document_id": ' : '{"results": []}',
      };
    case "reset":
      return "reset";
    case "slow":
      return fault.ms;
    case "version-flip":
      collection.version += 1;
      return undefined;
  }
}

/** Waits, unless the client goes away first; says whether the request is still wanted. */
async function wait(milliseconds: number, signal: AbortSignal): Promise<boolean> {
  if (signal.aborted) return false;
  if (milliseconds <= 0) return true;
  try {
    await delay(milliseconds, undefined, { signal });
    return true;
  } catch {
    return false;
  }
}

function parseUrl(raw: string | undefined): URL | undefined {
  try {
    return new URL(raw ?? "/", "http://fake-docs.invalid");
  } catch {
    return undefined;
  }
}

function matchRoute(pathname: string): Route {
  const match = routePattern.exec(pathname);
  const collectionSegment = match?.[1];
  const documentSegment = match?.[2];
  if (collectionSegment === undefined || documentSegment === undefined) return { kind: "other" };
  try {
    const collectionId = decodeURIComponent(collectionSegment);
    if (documentSegment === "search") return { kind: "search", collectionId };
    return { kind: "document", collectionId, documentId: decodeURIComponent(documentSegment) };
  } catch {
    // A broken %-escape names nothing that exists.
    return { kind: "other" };
  }
}

function describeRequest(
  method: string,
  url: URL | undefined,
  route: Route,
  request: IncomingMessage,
): Omit<RecordedRequest, "status" | "at" | "durationMs"> {
  const kind: RequestKind = route.kind;
  const entry: Omit<RecordedRequest, "status" | "at" | "durationMs"> = {
    method,
    path: url?.pathname ?? request.url ?? "",
    kind,
  };
  if (route.kind !== "other") entry.collectionId = route.collectionId;
  if (route.kind === "document") entry.documentId = route.documentId;
  if (route.kind === "search" && url !== undefined) {
    const parameters = url.searchParams;
    const query = parameters.get("query");
    const cursor = parameters.get("cursor");
    const pageSize = parameters.get("page_size");
    const sort = parameters.get("sort");
    if (query !== null) entry.query = query;
    if (cursor !== null) entry.cursor = cursor;
    if (pageSize !== null) entry.pageSize = pageSize.trim() === "" ? Number.NaN : Number(pageSize);
    if (sort !== null) entry.sort = sort;
  }
  const token = readCallerToken(request.headers);
  if (token !== undefined) entry.token = token;
  return entry;
}
