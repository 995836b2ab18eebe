import type { IncomingMessage } from "node:http";
import { type RawServer, startRawServer } from "./raw-server.js";

// A settings read answered as an engine's reference page shows it, in front of a fake engine
// that serves everything else (its searches, its documents): `check`'s semantic tests put the
// page's body (an embedders setting, a collection schema, a field mapping) before the same fake
// engine the backend's own tests search, so the whole check runs, and each test says exactly
// what the engine's settings hold. Each test cites the page its body comes from.

export interface SettingsAnswer {
  status: number;
  body: unknown;
}

/** Path (without its query) → the answer, from the request's headers (a key check). */
export type SettingsRoutes = Readonly<
  Record<string, (headers: IncomingMessage["headers"]) => SettingsAnswer>
>;

export async function startSettingsOverlay(
  engineUrl: string,
  routes: SettingsRoutes,
): Promise<RawServer> {
  return startRawServer(async (request, response) => {
    const path = (request.url ?? "/").split("?")[0] ?? "/";
    const route = routes[path];
    if (route !== undefined && request.method === "GET") {
      const { status, body } = route(request.headers);
      response.writeHead(status, { "content-type": "application/json" });
      response.end(JSON.stringify(body));
      return;
    }
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const headers = Object.fromEntries(
      Object.entries(request.headers).filter(
        (entry): entry is [string, string] =>
          typeof entry[1] === "string" && !["host", "content-length"].includes(entry[0]),
      ),
    );
    const method = request.method ?? "GET";
    const answer = await fetch(`${engineUrl}${request.url ?? "/"}`, {
      method,
      headers,
      ...(method === "GET" || method === "HEAD" ? {} : { body: Buffer.concat(chunks) }),
      redirect: "manual",
    });
    const text = await answer.text();
    response.writeHead(answer.status, {
      "content-type": answer.headers.get("content-type") ?? "application/json",
    });
    response.end(text);
  });
}
