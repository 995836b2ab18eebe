import type { ServerResponse } from "node:http";
import { createGzip } from "node:zlib";
import type { BodyFault } from "./fault.js";

/** What a body fault needs of the request it misbehaves on. */
export interface MisbehaviourContext {
  /** The answer as it would have been sent, JSON. */
  body: string;
  /** The request's path and query, as received. */
  requestPath: string;
  /** The other origin a cross-origin redirect points to. */
  elsewhereUrl: string;
  /** Called with the status just before the headers go out: the request is answered then. */
  onHeaders(status: number): void;
}

/**
 * Answers one request the way `fault` misbehaves: a redirect, a body that stalls, never ends, is
 * too large, is a gzip bomb, or is cut by a reset. Everything stops when the client goes away.
 */
export async function misbehave(
  fault: BodyFault,
  response: ServerResponse,
  { body, requestPath, elsewhereUrl, onHeaders }: MisbehaviourContext,
): Promise<void> {
  const json = { "content-type": "application/json; charset=utf-8" };
  switch (fault.kind) {
    case "redirect": {
      const status = fault.status ?? 302;
      const location = fault.to === "loop" ? requestPath : `${elsewhereUrl}${requestPath}`;
      onHeaders(status);
      response.writeHead(status, { location, "content-length": 0 });
      response.end();
      return;
    }
    case "stall": {
      onHeaders(200);
      response.writeHead(200, { ...json, "content-length": Buffer.byteLength(body) });
      response.flushHeaders();
      const bytes = Buffer.from(body);
      let next = 0;
      const timer = setInterval(() => {
        if (response.destroyed || next >= bytes.length) {
          clearInterval(timer);
          if (!response.destroyed) response.end();
          return;
        }
        response.write(bytes.subarray(next, next + 1));
        next += 1;
      }, fault.intervalMs ?? 100);
      response.on("close", () => clearInterval(timer));
      return;
    }
    case "endless": {
      onHeaders(200);
      response.writeHead(200, json);
      response.write('{"has_more": false, "items": [');
      const item = `${JSON.stringify({ document_id: "endless", title: "Endless", score: 0, snippet: "x".repeat(512) })},`;
      const chunk = item.repeat(Math.ceil(16_384 / item.length));
      const pump = () => {
        while (!response.destroyed && response.write(chunk)) {
          // Room in the socket's buffer: keep writing.
        }
        if (!response.destroyed) response.once("drain", pump);
      };
      pump();
      return;
    }
    case "oversized": {
      const target = fault.bytes ?? 8 * 1024 * 1024;
      const open = `${body.replace(/\}\s*$/, "")},"padding":"`;
      const padding = Math.max(0, target - Buffer.byteLength(open) - 2);
      const padded = `${open}${"x".repeat(padding)}"}`;
      onHeaders(200);
      response.writeHead(200, { ...json, "content-length": Buffer.byteLength(padded) });
      response.end(padded);
      return;
    }
    case "gzip-bomb": {
      const bomb = await gzipBomb(fault.inflatedBytes ?? defaultInflatedBytes);
      if (response.destroyed) return;
      onHeaders(200);
      response.writeHead(200, {
        ...json,
        "content-encoding": "gzip",
        "content-length": bomb.byteLength,
      });
      response.end(bomb);
      return;
    }
    case "reset-mid-body": {
      const bytes = Buffer.from(body);
      onHeaders(200);
      response.writeHead(200, { ...json, "content-length": bytes.byteLength });
      response.write(bytes.subarray(0, Math.floor(bytes.byteLength / 2)));
      // Let the half go out, then cut the connection as a crashing backend would.
      setTimeout(() => response.socket?.destroy(), 5);
      return;
    }
  }
}

/** Starts the work a fault needs before its first request (a gzip bomb is made once per size). */
export function prepareFault(fault: { kind: string; inflatedBytes?: number }): void {
  if (fault.kind === "gzip-bomb") void gzipBomb(fault.inflatedBytes ?? defaultInflatedBytes);
}

const defaultInflatedBytes = 64 * 1024 * 1024;
const bombs = new Map<number, Promise<Buffer>>();

/** A gzip body inflating to `inflatedBytes` of a valid, empty page; made once per size. */
function gzipBomb(inflatedBytes: number): Promise<Buffer> {
  let bomb = bombs.get(inflatedBytes);
  if (bomb === undefined) {
    bomb = new Promise<Buffer>((resolve, reject) => {
      const gzip = createGzip({ level: 9 });
      const compressed: Buffer[] = [];
      gzip.on("data", (chunk: Buffer) => compressed.push(chunk));
      gzip.on("end", () => resolve(Buffer.concat(compressed)));
      gzip.on("error", reject);
      const head = '{"items": [], "has_more": false, "next_cursor": null, "padding": "';
      const tail = '"}';
      const fill = Buffer.alloc(1024 * 1024, 0x30);
      let left = Math.max(0, inflatedBytes - head.length - tail.length);
      gzip.write(head);
      const pump = () => {
        while (left > 0) {
          const piece = left >= fill.byteLength ? fill : fill.subarray(0, left);
          left -= piece.byteLength;
          if (!gzip.write(piece)) {
            gzip.once("drain", pump);
            return;
          }
        }
        gzip.end(tail);
      };
      pump();
    });
    bombs.set(inflatedBytes, bomb);
  }
  return bomb;
}
