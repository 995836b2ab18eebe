import type { IncomingMessage, ServerResponse } from "node:http";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import type { TLSSocket } from "node:tls";
import type { DocsMcpHandler } from "./create-docs-mcp-handler.js";

export interface NodeRequestListenerOptions {
  /** A handler that threw (it should not). Default: `console.error`. */
  onError?: ((error: unknown) => void) | undefined;
}

/**
 * The handler for Node's `http.createServer` (and Express or Fastify's raw request). Mount it
 * before any body parser: it reads the request body itself.
 */
export function nodeRequestListener(
  handler: DocsMcpHandler,
  options: NodeRequestListenerOptions = {},
): (incoming: IncomingMessage, outgoing: ServerResponse) => void {
  const onError = options.onError ?? ((error: unknown) => console.error("search-docs mcp:", error));
  return (incoming, outgoing) => {
    void serve(handler, incoming, outgoing, onError);
  };
}

async function serve(
  handler: DocsMcpHandler,
  incoming: IncomingMessage,
  outgoing: ServerResponse,
  onError: (error: unknown) => void,
): Promise<void> {
  const controller = new AbortController();
  // The client went away before the answer was written: cancel what it asked for.
  outgoing.once("close", () => {
    if (!outgoing.writableFinished) controller.abort(new Error("The client closed the connection"));
  });
  let response: Response;
  try {
    const request = toWebRequest(incoming, controller.signal);
    try {
      response = await handler(request);
    } catch (error) {
      onError(error);
      response = new Response("Internal Server Error", { status: 500 });
    }
  } catch {
    response = new Response("Bad Request", { status: 400 });
  }
  if (outgoing.destroyed) {
    await response.body?.cancel().catch(() => undefined);
    return;
  }
  outgoing.statusCode = response.status;
  for (const [name, value] of response.headers) {
    if (name !== "set-cookie") outgoing.setHeader(name, value);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) outgoing.setHeader("set-cookie", cookies);
  if (!response.body) {
    outgoing.end();
    return;
  }
  // A client that leaves mid-body ends the pipeline; there is nobody left to tell.
  // DOM and Node spell the same stream type differently.
  const body = Readable.fromWeb(response.body as unknown as NodeReadableStream);
  await pipeline(body, outgoing).catch(() => undefined);
}

function toWebRequest(incoming: IncomingMessage, signal: AbortSignal): Request {
  const protocol = (incoming.socket as TLSSocket).encrypted ? "https" : "http";
  const url = new URL(incoming.url ?? "/", `${protocol}://${incoming.headers.host ?? "localhost"}`);
  const headers = new Headers();
  for (let index = 0; index + 1 < incoming.rawHeaders.length; index += 2) {
    const name = incoming.rawHeaders[index] as string;
    if (!name.startsWith(":")) headers.append(name, incoming.rawHeaders[index + 1] as string);
  }
  const method = incoming.method ?? "GET";
  const hasBody = method !== "GET" && method !== "HEAD";
  return new Request(url, {
    method,
    headers,
    signal,
    ...(hasBody
      ? { body: Readable.toWeb(incoming) as ReadableStream<Uint8Array>, duplex: "half" }
      : {}),
  } as RequestInit);
}
