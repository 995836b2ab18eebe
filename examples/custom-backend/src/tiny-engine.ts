import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

// A small HTTP search engine for the example: the engine `tinyEngineBackend` is written for.
// Its whole API (bearer tokens; JSON in and out):
//   POST /collections/{collection}/search  {"q": "words", "offset": 0, "limit": 20}
//     200 {"hits": [{...record, "_score": 2, "_passage": "..."}], "total": 7}, best first
//   GET  /collections/{collection}/records?document_id=...&limit=N
//     200 {"records": [...record]}, in section order
//   401 {"error": "unauthorized"}          no token, or one the engine does not know
//   403 {"error": "forbidden"}             a token that may not read this collection
//   404 {"error": "collection_not_found"}  400 {"error": "bad_request"}
// A record is one section: document_id, section (1-based), title, heading, body, slug, updated_at.

export interface Article {
  id: string;
  title: string;
  slug: string;
  updated: string;
  sections: readonly { heading: string; body: string }[];
}

export interface TinyCollection {
  articles: readonly Article[];
  /** The bearer tokens that may read it. */
  readers: readonly string[];
}

const words = (text: string) => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];

/** Starts the engine on a free local port; `close` stops it. */
export async function startTinyEngine(
  collections: Record<string, TinyCollection>,
): Promise<{ url: string; close(): Promise<void> }> {
  const known = new Set(Object.values(collections).flatMap((collection) => collection.readers));
  const server = createServer((request, response) => {
    answer(request, collections, known).then(
      ([status, body]) => send(response, status, body),
      () => send(response, 500, { error: "internal" }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

async function answer(
  request: IncomingMessage,
  collections: Record<string, TinyCollection>,
  known: ReadonlySet<string>,
): Promise<[number, unknown]> {
  const url = new URL(request.url ?? "/", "http://engine");
  const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? "")?.[1];
  if (token === undefined || !known.has(token)) return [401, { error: "unauthorized" }];
  const route = /^\/collections\/([^/]+)\/(search|records)$/.exec(url.pathname);
  if (route === null) return [404, { error: "not_found" }];
  const collection = collections[decodeURIComponent(route[1] ?? "")];
  if (collection === undefined) return [404, { error: "collection_not_found" }];
  if (!collection.readers.includes(token)) return [403, { error: "forbidden" }];
  const records = collection.articles.flatMap((article) =>
    article.sections.map((section, index) => ({
      document_id: article.id,
      section: index + 1,
      title: article.title,
      heading: section.heading,
      body: section.body,
      slug: article.slug,
      updated_at: article.updated,
    })),
  );
  if (route[2] === "records" && request.method === "GET") {
    const limit = Number(url.searchParams.get("limit"));
    if (!Number.isInteger(limit) || limit < 1) return [400, { error: "bad_request" }];
    const id = url.searchParams.get("document_id");
    return [
      200,
      { records: records.filter((record) => record.document_id === id).slice(0, limit) },
    ];
  }
  if (route[2] !== "search" || request.method !== "POST") return [404, { error: "not_found" }];
  const { q, offset, limit } = JSON.parse(await readText(request)) as Record<string, unknown>;
  if (typeof q !== "string" || !Number.isInteger(offset) || !Number.isInteger(limit)) {
    return [400, { error: "bad_request" }];
  }
  // A section scores how often it says the query's words, title and heading included.
  const wanted = new Set(words(q));
  const ranked = records
    .map((record) => ({
      ...record,
      _score: words(`${record.title} ${record.heading} ${record.body}`).filter((word) =>
        wanted.has(word),
      ).length,
      _passage: record.body.slice(0, 300),
    }))
    .filter((hit) => hit._score > 0)
    .sort((left, right) => right._score - left._score);
  const start = offset as number;
  return [200, { hits: ranked.slice(start, start + (limit as number)), total: ranked.length }];
}

function send(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { "content-type": "application/json" });
  response.end(JSON.stringify(body));
}

async function readText(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}
