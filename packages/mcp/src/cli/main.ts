import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import type { Readable, Writable } from "node:stream";
import { parseArgs } from "node:util";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { type Caller, createDocsSearch, type DocsSearch, SearchDocsError } from "@search-docs/core";
import {
  areaSources,
  backendConfig,
  describeEngine,
  openConfiguredDocs,
  runCheckCommand,
  variablesHelp,
} from "@search-docs/core/node";
import { createDocsMcpServer } from "../create-docs-mcp-server.js";
import { createDocsMcpHandler } from "../http/create-docs-mcp-handler.js";
import { nodeRequestListener } from "../http/node-request-listener.js";
import { RequestTrackingTransport } from "./request-tracking-transport.js";

export const usage = `search-docs-mcp: search_docs and get_document for MCP hosts.

  search-docs-mcp                      over stdio (what a host's "command" runs)
  search-docs-mcp --http [--port <n>]  over Streamable HTTP at http://127.0.0.1:<n>/mcp (default 3333)
  search-docs-mcp --docs <folder>      serve a folder of Markdown and text files (no credentials)
  search-docs-mcp --area <name>=<folder|url> ...
                                       several sources, each an area (a folder, or a docs site crawled)
  search-docs-mcp --config <file>      read the SEARCH_DOCS_* names below from a JSON file
                                       (credentials still only from the environment)
  search-docs-mcp --check [--json] [--query <words>]
                                       verify the configured backend instead of serving: per area
                                       and collection, reached, key accepted, collection there,
                                       record layout, a probe search, get_document on its first
                                       hit; each ✗ names its fix. Exit 0 only when all pass.

The backend: SEARCH_DOCS_BACKEND and that engine's variables (below). With none it serves an
embedded fake docs service (sample corpus). Every call reads as the one user whose credential
the environment holds, on their own machine. A server several users reach is an app of yours
with createDocsMcpHandler and an access-token verifier.

${variablesHelp()}
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
  if (values.check) {
    // The same check as `search-docs check`: no protocol runs, so the report may use stdout.
    return runCheckCommand(
      {
        environment: io.environment,
        configFile: values.config,
        docsFolder: values.docs,
        query: values.query,
        json: values.json === true,
      },
      {
        out: (text) => io.stdout.write(text),
        err: (text) => io.stderr(`search-docs-mcp --${text}`),
      },
    );
  }

  let opened: OpenedDocs | undefined;
  try {
    opened = await openDocs(values, io);
    const onError = (error: unknown) =>
      io.stderr(
        `search-docs-mcp: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
      );
    return values.http
      ? await serveHttp(opened.docs, opened.caller, Number(values.port ?? "3333"), onError, io)
      : await serveStdio(opened.docs, opened.caller, onError, io);
  } catch (error) {
    if (SearchDocsError.isInstance(error)) {
      io.stderr(`search-docs-mcp: ${error.message}\n`);
      return 2;
    }
    throw error;
  } finally {
    await opened?.close();
  }
}

interface OpenedDocs {
  docs: DocsSearch;
  caller: Caller;
  close(): Promise<void>;
}

/**
 * The backend the registry names, or with none the embedded fake service (its module, test code,
 * is loaded only then). A folder's first index is built in the background so the host's handshake
 * does not wait on it: calls meanwhile answer `unavailable` ("try again shortly"), never
 * `no_matches`; the backend then refreshes itself as files change.
 */
async function openDocs(
  values: ReturnType<typeof parseCommandLine>,
  io: McpCliIo,
): Promise<OpenedDocs> {
  const config = backendConfig({
    environment: io.environment,
    mode: "one-user",
    configFile: values.config,
    docsFolder: values.docs,
  });
  if (config === undefined) {
    const { startFakeDocsService } = await import("@search-docs/core/testing");
    const service = await startFakeDocsService();
    io.stderr(
      `search-docs-mcp: no SEARCH_DOCS_* configuration, so serving the embedded fake docs service at ${service.url} (sample corpus). Set SEARCH_DOCS_BACKEND and its variables for a real backend (search-docs-mcp --help).\n`,
    );
    return {
      docs: createDocsSearch({
        baseUrl: service.url,
        areas: service.areas,
        portalUrl: "https://docs.example.internal",
      }),
      caller: { token: service.tokens.everything },
      close: () => service.close(),
    };
  }
  const { docs, engine } = await openConfiguredDocs(config);
  io.stderr(`search-docs-mcp: searching ${describeEngine(config, engine.areas)}\n`);
  engine.refresh?.().then(
    (line) => io.stderr(`search-docs-mcp: ${line}\n`),
    (error: unknown) =>
      io.stderr(`search-docs-mcp: indexing failed: ${(error as Error).message}\n`),
  );
  return { docs, caller: config.caller as Caller, close: () => engine.close() };
}

function parseCommandLine(argv: readonly string[]) {
  const { values } = parseArgs({
    args: [...argv],
    options: {
      http: { type: "boolean" },
      docs: { type: "string" },
      config: { type: "string" },
      port: { type: "string" },
      help: { type: "boolean", short: "h" },
      check: { type: "boolean" },
      json: { type: "boolean" },
      query: { type: "string" },
      area: { type: "string", multiple: true },
    },
  });
  // `--area name=<folder|url>`: several sources, each an area (the folder engine reads them).
  const { area, docs } = areaSources(values.area, values.docs);
  if (area !== undefined) throw new Error(`--area ${area}: give name=<folder or URL>`);
  if ((values.json || values.query !== undefined) && !values.check) {
    throw new Error("--json and --query go with --check");
  }
  if (values.check && values.http) throw new Error("--check runs instead of serving: drop --http");
  if (values.port !== undefined) {
    const port = Number(values.port);
    if (!values.http) throw new Error("--port goes with --http");
    if (!Number.isInteger(port) || port < 0 || port > 65_535) {
      throw new Error("--port must be a port number (0 picks a free one)");
    }
  }
  return { ...values, docs };
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
