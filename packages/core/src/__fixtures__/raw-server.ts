import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

// A raw node:http server for the client's hostile-backend tests, written apart from the fake
// docs service so that it shares none of its assumptions: each test says, byte by byte, what the
// backend does after (or instead of) its headers.

export interface ReceivedRequest {
  url: string;
  headers: IncomingMessage["headers"];
}

export interface RawServer {
  url: string;
  /** Every request that reached this server, with the headers it carried. */
  requests: ReceivedRequest[];
  /** Body bytes this server managed to write, over all its responses. */
  bytesWritten(): number;
  /** Connections the client closed (or reset) before the server ended its response. */
  abandoned(): number;
  close(): Promise<void>;
}

export type RawHandler = (
  request: IncomingMessage,
  response: ServerResponse,
  index: number,
) => void | Promise<void>;

const open = new Set<Server>();

/** Starts a server on 127.0.0.1 (a free port) that answers each request with `handler`. */
export async function startRawServer(handler: RawHandler): Promise<RawServer> {
  const requests: ReceivedRequest[] = [];
  let written = 0;
  let abandoned = 0;
  const server = createServer((request, response) => {
    const index = requests.length;
    requests.push({ url: request.url ?? "", headers: request.headers });
    request.on("error", () => {});
    response.on("error", () => {});
    const write = response.write.bind(response) as (chunk: unknown, ...rest: unknown[]) => boolean;
    response.write = ((chunk: unknown, ...rest: unknown[]) => {
      if (typeof chunk === "string" || chunk instanceof Uint8Array) {
        written += typeof chunk === "string" ? Buffer.byteLength(chunk) : chunk.byteLength;
      }
      return write(chunk, ...rest);
    }) as ServerResponse["write"];
    response.on("close", () => {
      if (!response.writableEnded) abandoned += 1;
    });
    void Promise.resolve(handler(request, response, index)).catch(() => response.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  open.add(server);
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    bytesWritten: () => written,
    abandoned: () => abandoned,
    close: () =>
      new Promise<void>((resolve) => {
        open.delete(server);
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Closes every server still open: call it in `afterEach`. */
export async function closeRawServers(): Promise<void> {
  await Promise.all(
    [...open].map(
      (server) =>
        new Promise<void>((resolve) => {
          open.delete(server);
          server.closeAllConnections();
          server.close(() => resolve());
        }),
    ),
  );
}

/** Writes `chunk` until the client goes away, waiting for the socket to drain in between. */
export function writeForever(response: ServerResponse, chunk: string | Uint8Array): void {
  const pump = () => {
    while (!response.destroyed && response.write(chunk)) {
      // The socket's buffer has room: keep writing.
    }
    if (!response.destroyed) response.once("drain", pump);
  };
  pump();
}

/** A search page with `count` items, as JSON text. */
export function searchPageJson(count: number, overrides: Record<string, unknown> = {}): string {
  const items = Array.from({ length: count }, (_, index) => ({
    document_id: `doc-${index}`,
    title: `Document ${index}`,
    score: 1 - index / (count + 1),
    snippet: "rotate the service account key",
  }));
  return JSON.stringify({
    items,
    next_cursor: null,
    has_more: false,
    collection_version: 1,
    ...overrides,
  });
}
