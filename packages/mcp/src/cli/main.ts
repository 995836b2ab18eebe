import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import type { Readable, Writable } from "node:stream";
import { parseArgs } from "node:util";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { type Caller, createDocsSearch, type DocsSearch, SearchDocsError } from "@search-docs/core";
import { elasticsearchBackend } from "@search-docs/core/elasticsearch";
import {
  docsConfigFromEnvironment,
  elasticsearchConfigFromEnvironment,
} from "@search-docs/core/node";
import { type FakeDocsService, startFakeDocsService } from "@search-docs/core/testing";
import { createDocsMcpServer } from "../create-docs-mcp-server.js";
import { createDocsMcpHandler } from "../http/create-docs-mcp-handler.js";
import { nodeRequestListener } from "../http/node-request-listener.js";
import { openFolderDocs } from "./folder-docs.js";
import { RequestTrackingTransport } from "./request-tracking-transport.js";

export const usage = `search-docs-mcp: search_docs and get_document for MCP hosts.

  search-docs-mcp                      over stdio (what a host's "command" runs)
  search-docs-mcp --http [--port <n>]  over Streamable HTTP at http://127.0.0.1:<n>/mcp (default 3333)
  search-docs-mcp --docs <folder>      serve a folder of Markdown and text files (no credentials)

With no configuration it serves an embedded fake docs service (sample corpus). For a real backend
set SEARCH_DOCS_BASE_URL, SEARCH_DOCS_TOKEN and SEARCH_DOCS_AREAS (JSON, or a JSON file's path,
mapping area names to collection ids), and optionally SEARCH_DOCS_PORTAL_URL. Every call reads as
the user whose SEARCH_DOCS_TOKEN it is: one user, on their own machine. A server several users
reach is an app of yours with createDocsMcpHandler and an access-token verifier.
`;

export interface McpCliIo {
  /** The protocol's input and output over stdio; nothing else is ever written to `stdout`. */
  stdin: Readable;
  stdout: Writable;
  /** Everything meant for a person. */
  stderr: (text: string) => void;
  environment: Record<string, string | undefined>;
  /** Resolves when the server should stop. Default: SIGINT or SIGTERM (or stdin ending, on stdio). */
  untilStopped?: () => Promise<void>;
  /** Receives the HTTP address once listening (tests). */
  onListening?: (url: string) => void;
}

/** Runs the MCP server until stopped; resolves to the exit code. */
export async function main(argv: readonly string[], io: McpCliIo): Promise<number> {
  let values: ReturnType<typeof parseCommandLine>;
  try {
    values = parseCommandLine(argv);
  } catch (error) {
    io.stderr(`search-docs-mcp: ${(error as Error).message}\n\n${usage}`);
    return 2;
  }
  if (values.help) {
    io.stderr(usage);
    return 0;
  }

  let service: FakeDocsService | undefined;
  try {
    // A folder needs no SEARCH_DOCS_* variables, and ignores them.
    const elasticsearch = values.docs
      ? undefined
      : elasticsearchConfigFromEnvironment(io.environment, { caller: "required" });
    const backend =
      values.docs || elasticsearch
        ? undefined
        : docsConfigFromEnvironment(io.environment, { token: "required" });
    let docs: DocsSearch;
    let caller: Caller;
    if (values.docs) {
      ({ docs, caller } = openFolderDocs(values.docs, io));
    } else if (elasticsearch) {
      docs = createDocsSearch({
        backend: elasticsearchBackend({ url: elasticsearch.url, flavor: elasticsearch.flavor }),
        areas: elasticsearch.areas,
        ...(elasticsearch.portalUrl ? { portalUrl: elasticsearch.portalUrl } : {}),
      });
      caller = elasticsearch.caller as Caller;
      io.stderr(
        `search-docs-mcp: searching ${elasticsearch.flavor} at ${elasticsearch.url} (areas: ${Object.keys(elasticsearch.areas).join(", ")})\n`,
      );
    } else if (backend) {
      const { token, ...options } = backend;
      docs = createDocsSearch(options);
      caller = { token: token ?? "" };
      io.stderr(
        `search-docs-mcp: searching ${backend.baseUrl} (areas: ${Object.keys(backend.areas).join(", ")})\n`,
      );
    } else {
      service = await startFakeDocsService();
      docs = createDocsSearch({
        baseUrl: service.url,
        areas: service.areas,
        portalUrl: "https://docs.example.internal",
      });
      caller = { token: service.tokens.everything };
      io.stderr(
        `search-docs-mcp: no SEARCH_DOCS_* configuration, so serving the embedded fake docs service at ${service.url} (sample corpus). Set SEARCH_DOCS_BASE_URL, SEARCH_DOCS_TOKEN and SEARCH_DOCS_AREAS for a real backend.\n`,
      );
    }
    const onError = (error: unknown) =>
      io.stderr(
        `search-docs-mcp: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
      );
    return values.http
      ? await serveHttp(docs, caller, Number(values.port ?? "3333"), onError, io)
      : await serveStdio(docs, caller, onError, io);
  } catch (error) {
    if (SearchDocsError.isInstance(error)) {
      io.stderr(`search-docs-mcp: ${error.message}\n`);
      return 2;
    }
    throw error;
  } finally {
    await service?.close();
  }
}

function parseCommandLine(argv: readonly string[]) {
  const { values } = parseArgs({
    args: [...argv],
    options: {
      http: { type: "boolean" },
      docs: { type: "string" },
      port: { type: "string" },
      help: { type: "boolean", short: "h" },
    },
  });
  if (values.port !== undefined) {
    const port = Number(values.port);
    if (!values.http) throw new Error("--port goes with --http");
    if (!Number.isInteger(port) || port < 0 || port > 65_535) {
      throw new Error("--port must be a port number (0 picks a free one)");
    }
  }
  return values;
}

async function serveStdio(
  docs: DocsSearch,
  caller: Caller,
  onError: (error: unknown) => void,
  io: McpCliIo,
): Promise<number> {
  const server = createDocsMcpServer(docs, { caller, onError });
  const stdinEnded = new Promise<void>((resolve) => {
    io.stdin.once("end", resolve);
    io.stdin.once("close", resolve);
  });
  const transport = new RequestTrackingTransport(new StdioServerTransport(io.stdin, io.stdout));
  await server.connect(transport);
  io.stderr("search-docs-mcp: serving search_docs and get_document over stdio\n");
  // The host closing our stdin is how it tells a stdio server to stop: send what is owed, then
  // exit. A host that will not wait sends SIGTERM. The transport closing first (the SDK closes it
  // on a line past its buffer limit, and pauses stdin) leaves a process that answers nothing and
  // never sees stdin end: that is a failure, said in one line, and the process exits.
  const stop = await Promise.race([
    stdinEnded.then(() => transport.idle()).then(() => "stopped" as const),
    (io.untilStopped ?? untilSignal)().then(() => "stopped" as const),
    transport.closed,
  ]);
  if (stop !== "stopped") {
    const reason = stop.lastError?.message.split("\n")[0] ?? "closed by the MCP SDK";
    io.stderr(`search-docs-mcp: the stdio transport closed (${reason.slice(0, 200)}); exiting\n`);
    io.stdin.destroy();
    return 1;
  }
  await server.close();
  return 0;
}

async function serveHttp(
  docs: DocsSearch,
  caller: Caller,
  port: number,
  onError: (error: unknown) => void,
  io: McpCliIo,
): Promise<number> {
  let listener: ReturnType<typeof nodeRequestListener> | undefined;
  const server = createServer((incoming, outgoing) => {
    const path = new URL(incoming.url ?? "/", "http://localhost").pathname;
    if (path === "/mcp" && listener) return listener(incoming, outgoing);
    outgoing
      .writeHead(404, { "content-type": "text/plain" })
      .end("Not found: the MCP endpoint is /mcp\n");
  });
  // Loopback only: this server reads the docs as one user, with that user's token.
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", resolve);
  });
  const actualPort = (server.address() as AddressInfo).port;
  listener = nodeRequestListener(
    createDocsMcpHandler(docs, {
      caller,
      allowedHosts: [`127.0.0.1:${actualPort}`, `localhost:${actualPort}`],
      onError,
    }),
    { onError },
  );
  const url = `http://127.0.0.1:${actualPort}/mcp`;
  io.stderr(`search-docs-mcp: Streamable HTTP at ${url} (this machine only)\n`);
  io.onListening?.(url);
  await (io.untilStopped ?? untilSignal)();
  await new Promise<void>((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });
  return 0;
}

function untilSignal(): Promise<void> {
  return new Promise((resolve) => {
    process.once("SIGINT", () => resolve());
    process.once("SIGTERM", () => resolve());
  });
}
