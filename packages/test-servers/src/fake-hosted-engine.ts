import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { Socket } from "node:net";
import { analyze, analyzeWithOffsets } from "./analyze-text.js";
import { recordAttribute } from "./record-attribute.js";

// The plumbing the fake Algolia, Meilisearch and Typesense servers share: listeners on
// 127.0.0.1 (one per host, sharing one engine), the request parsed, every answer injectable
// (a status and body, a reset, a delay), and a request log. Each engine's wire is its own file.

export type HostedRecord = Readonly<Record<string, unknown>>;

export interface EngineRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  /** Lower-cased names. */
  headers: Readonly<Record<string, string>>;
  /** The JSON body, parsed (undefined when none). */
  body: unknown;
  /** Which listener (host) took it. */
  host: number;
}

export interface EngineAnswer {
  status: number;
  body?: unknown;
  headers?: Readonly<Record<string, string>>;
}

/** An injected answer for the next matching request(s), before the engine sees them. */
export type InjectedFault = (
  | EngineAnswer
  /** Destroy the connection without an answer. */
  | { reset: true }
  /** Hold the answer this long, then answer normally. */
  | { delayMs: number }
) & {
  /** Only requests to this host (listener) index. */
  host?: number;
  /** Requests it applies to (default 1); Infinity for all. */
  times?: number;
};

export interface FakeHostedEngine {
  /** One base URL per host, e.g. `http://127.0.0.1:40123`. */
  readonly urls: readonly string[];
  readonly requests: readonly EngineRequest[];
  inject(fault: InjectedFault): void;
  /** Drops injected faults not yet used. */
  clearFaults(): void;
  close(): Promise<void>;
}

export async function startFakeHostedEngine(
  handle: (request: EngineRequest) => EngineAnswer,
  { hosts = 1 }: { hosts?: number } = {},
): Promise<FakeHostedEngine> {
  const requests: EngineRequest[] = [];
  let faults: Array<InjectedFault & { left: number }> = [];
  const servers: Server[] = [];
  const sockets = new Set<Socket>();
  const urls: string[] = [];

  for (let host = 0; host < hosts; host++) {
    const server = createServer((incoming, outgoing) => {
      void serve(incoming, outgoing, host);
    });
    server.on("connection", (socket) => {
      sockets.add(socket);
      socket.on("close", () => sockets.delete(socket));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const address = server.address();
    if (typeof address !== "object" || address === null) throw new Error("no address");
    urls.push(`http://127.0.0.1:${address.port}`);
    servers.push(server);
  }

  async function serve(incoming: IncomingMessage, outgoing: ServerResponse, host: number) {
    const chunks: Buffer[] = [];
    for await (const chunk of incoming) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString("utf8");
    const url = new URL(incoming.url ?? "/", "http://fake");
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(incoming.headers)) {
      if (typeof value === "string") headers[name.toLowerCase()] = value;
    }
    let body: unknown;
    if (text !== "") {
      try {
        body = JSON.parse(text);
      } catch {
        return send(outgoing, { status: 400, body: { message: "body is not JSON" } });
      }
    }
    const request: EngineRequest = {
      method: incoming.method ?? "GET",
      path: url.pathname,
      query: url.searchParams,
      headers,
      body,
      host,
    };
    requests.push(request);
    const fault = faults.find(
      (candidate) =>
        candidate.left > 0 && (candidate.host === undefined || candidate.host === host),
    );
    if (fault !== undefined) {
      fault.left -= 1;
      faults = faults.filter((candidate) => candidate.left > 0);
      if ("reset" in fault) {
        incoming.socket.destroy();
        return;
      }
      if ("delayMs" in fault) {
        await new Promise((resolve) => setTimeout(resolve, fault.delayMs));
      } else {
        return send(outgoing, fault);
      }
    }
    let answer: EngineAnswer;
    try {
      answer = handle(request);
    } catch (error) {
      answer = { status: 500, body: { message: error instanceof Error ? error.message : "error" } };
    }
    send(outgoing, answer);
  }

  return {
    urls,
    requests,
    inject(fault) {
      faults.push({ ...fault, left: fault.times ?? 1 });
    },
    clearFaults() {
      faults = [];
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
    },
  };
}

function send(outgoing: ServerResponse, answer: EngineAnswer): void {
  if (outgoing.destroyed) return;
  const text = answer.body === undefined ? "" : JSON.stringify(answer.body);
  outgoing.writeHead(answer.status, { "content-type": "application/json", ...answer.headers });
  outgoing.end(text);
}

/** A conjunction of disjunctions of `field equals value`: the filters the fakes understand. */
export type RecordFilter = ReadonlyArray<ReadonlyArray<{ field: string; value: string }>>;

export function matchesFilter(record: HostedRecord, filter: RecordFilter): boolean {
  return filter.every((anyOf) =>
    anyOf.some(({ field, value }) => {
      const actual = recordAttribute(record, field);
      if (Array.isArray(actual)) return actual.some((item) => String(item) === value);
      return actual !== undefined && actual !== null && String(actual) === value;
    }),
  );
}

/**
 * The fakes' search: every query term (stopwords dropped) must occur in a searched field (as
 * a word or a word's prefix for the last term, like the engines' prefix search); ranked by
 * occurrences, earlier fields weighing more, ties in record order. A query with no terms
 * matches every record (the engines' placeholder search).
 */
export function searchRecords(
  records: readonly HostedRecord[],
  query: string,
  searchedFields: readonly string[],
): HostedRecord[] {
  const terms = analyze(query);
  if (terms.length === 0) return [...records];
  const scored: Array<{ record: HostedRecord; score: number; rank: number }> = [];
  for (const [rank, record] of records.entries()) {
    let score = 0;
    let allFound = true;
    for (const [termIndex, term] of terms.entries()) {
      const prefix = termIndex === terms.length - 1 && term.length >= 3;
      let found = 0;
      for (const [fieldIndex, field] of searchedFields.entries()) {
        const value = recordAttribute(record, field);
        if (typeof value !== "string") continue;
        const count = analyze(value).filter((word) =>
          prefix ? word.startsWith(term) : word === term,
        ).length;
        found += count * (searchedFields.length - fieldIndex);
      }
      if (found === 0) allFound = false;
      score += found;
    }
    if (allFound) scored.push({ record, score, rank });
  }
  scored.sort((left, right) => right.score - left.score || left.rank - right.rank);
  return scored.map(({ record }) => record);
}

/** Up to `words` words of `text`, starting a little before the first query term. */
export function snippetWords(text: string, query: string, words: number): string {
  const terms = new Set(analyze(query));
  const occurrences = [...text.matchAll(/\S+/g)];
  const firstHit = analyzeWithOffsets(text).find((occurrence) => terms.has(occurrence.term));
  const hitWord =
    firstHit === undefined
      ? 0
      : occurrences.findIndex((word) => (word.index ?? 0) + word[0].length > firstHit.offset);
  const start = Math.max(0, hitWord - 3);
  return occurrences
    .slice(start, start + words)
    .map((word) => word[0])
    .join(" ");
}
