import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { fetchBlockedPort } from "../backend-kit/fetch-blocked-port.js";
import { docsConfigFromEnvironment } from "../config/docs-config-from-environment.js";
import { elasticsearchConfigFromEnvironment } from "../config/elasticsearch-config-from-environment.js";
import type { Caller } from "../contract/caller.js";
import { createDocsSearch, type DocsSearch } from "../create-docs-search.js";
import { elasticsearchBackend } from "../elasticsearch/elasticsearch-backend.js";
import { SearchDocsError } from "../errors/search-docs-error.js";
import { postgresBackend } from "../postgres/postgres-backend.js";
import {
  type EnvironmentPostgresConfig,
  postgresConfigFromEnvironment,
} from "../postgres/postgres-config-from-environment.js";
import type { PostgresPool } from "../postgres/postgres-pool.js";
import { type FakeDocsService, startFakeDocsService } from "../testing/index.js";
import { askOnce } from "./ask-once.js";
import type { CliIo } from "./cli-io.js";
import { runDemo } from "./demo.js";
import { openFolderDocs } from "./docs-option.js";
import { exitCodeFor, exitCodesHelp } from "./exit-codes.js";
import { FileRefStore } from "./file-ref-store.js";
import { runIndexCommand } from "./index-command.js";

export const usage = `search-docs: one documentation-search tool for LLM agents, from the terminal.

  search-docs "<question>" [--area <area>] [--json]   search, as the model would
  search-docs get <ref> [--json]                      read a document from a ref a search returned
  search-docs serve [--port <n>]                      run the fake docs service on its own
  search-docs demo                                    a scripted tour of the five cases that matter
  search-docs index <folder> [--json]                 index a docs folder (.md, .mdx, .txt) for --docs
  search-docs "<question>" --docs <folder>            search that folder (indexed first, incrementally)
  search-docs get <ref> --docs <folder>               read a document of that folder
  search-docs --version

With no configuration it uses an embedded fake docs service (sample corpus). To search a real
backend set SEARCH_DOCS_BASE_URL, SEARCH_DOCS_TOKEN and SEARCH_DOCS_AREAS (JSON, or a JSON file's
path, mapping area names to collection ids); for a PostgreSQL table of the default layout set
SEARCH_DOCS_POSTGRES_URL and SEARCH_DOCS_AREAS (area names to collection_id values), optionally
SEARCH_DOCS_POSTGRES_TABLE and SEARCH_DOCS_TOKEN (the caller row-level security sees; needs the
pg package); for Elasticsearch or OpenSearch set SEARCH_DOCS_ELASTICSEARCH_URL (+
SEARCH_DOCS_ELASTICSEARCH_FLAVOR=opensearch), SEARCH_DOCS_AREAS (area names to index names) and
SEARCH_DOCS_ELASTICSEARCH_API_KEY or SEARCH_DOCS_TOKEN. Refs issued by searches are kept for \`get\` under
SEARCH_DOCS_REF_DIR (default: the system temp folder). Results go to stdout (--json: only JSON);
what the tool says about itself goes to stderr.

Embedded service only:
  --as <everything|no-policies|runbooks-only>   whose credentials to search with
  --reindex <area>   make an area's collections answer 409, as during a docs deploy (repeatable)
  --shed <area>      make an area's collections shed load with 429 (repeatable)
  --corpus <path>    a corpus in the docs.jsonl format instead of the sample
  --port <n>         the port to listen on (default: a free one)

Exit codes:
${exitCodesHelp()}
`;

/** A mistake in the command line or its surroundings; the message is one line. */
class CliConfigError extends Error {
  override name = "CliConfigError";
}

const callers = {
  everything: "everything",
  "no-policies": "noPolicies",
  "runbooks-only": "runbooksOnly",
} as const;

/**
 * Runs one CLI invocation; resolves to the exit code. A mistake (a bad flag, a busy port, a
 * malformed SEARCH_DOCS_* variable, bad input) is one line on stderr and exit code 2.
 */
export async function main(argv: readonly string[], io: CliIo): Promise<number> {
  try {
    return await run(argv, io);
  } catch (error) {
    const message = oneLineMessage(error);
    if (message === undefined) throw error;
    io.err(`search-docs: ${message}\n`);
    return 2;
  }
}

async function run(argv: readonly string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseCommandLine(argv);
  if (values.version) {
    io.out(`${packageVersion()}\n`);
    return 0;
  }
  if (values.help) {
    io.out(usage);
    return 0;
  }
  if (positionals.length === 0) {
    io.err(usage);
    return 2;
  }
  const [command, ...rest] = positionals;
  // Checked before anything starts: a usage mistake should not wait for a service.
  if (command === "get" && rest.length !== 1) {
    throw new CliConfigError(
      "get takes exactly one ref, e.g. search-docs get runbooks/key-rotation#2",
    );
  }
  if (command === "index") {
    if (rest.length !== 1)
      throw new CliConfigError("index takes one folder, e.g. search-docs index ./docs");
    return runIndexCommand(
      rest[0] as string,
      { json: values.json === true },
      {
        ...io,
        progress: process.stderr.isTTY === true,
      },
    );
  }
  if (command === "demo") return runDemo(io);
  if (command === "serve") return serve(values, io);

  const postgres = values.docs ? undefined : postgresConfigFromEnvironment(io.environment);
  if (postgres) return searchPostgres(postgres, command, rest, positionals, values, io);
  // A folder needs no SEARCH_DOCS_* variables, and ignores them.
  const elasticsearch = values.docs
    ? undefined
    : elasticsearchConfigFromEnvironment(io.environment, { caller: "required" });
  const backend =
    values.docs || elasticsearch
      ? undefined
      : docsConfigFromEnvironment(io.environment, { token: "required" });
  const blockedPort = backend && fetchBlockedPort(new URL(backend.baseUrl));
  if (blockedPort) {
    throw new CliConfigError(
      `SEARCH_DOCS_BASE_URL's port ${blockedPort} is one fetch refuses to connect to; use another`,
    );
  }
  if (
    (backend || elasticsearch || values.docs) &&
    (values.reindex?.length || values.shed?.length || values.as || values.corpus || values.port)
  ) {
    throw new CliConfigError(
      "--as, --reindex, --shed, --corpus and --port apply to the embedded fake service only",
    );
  }
  let service: FakeDocsService | undefined;
  try {
    let docs: DocsSearch;
    let caller: Caller;
    if (values.docs) {
      ({ docs, caller } = await openFolderDocs(values.docs, io));
    } else if (elasticsearch) {
      docs = createDocsSearch({
        backend: elasticsearchBackend({ url: elasticsearch.url, flavor: elasticsearch.flavor }),
        areas: elasticsearch.areas,
        refStore: new FileRefStore(refFile(elasticsearch.url, io.environment)),
        ...(elasticsearch.portalUrl ? { portalUrl: elasticsearch.portalUrl } : {}),
      });
      caller = elasticsearch.caller as Caller;
      io.err(
        `Searching ${elasticsearch.flavor} at ${elasticsearch.url} (areas: ${Object.keys(elasticsearch.areas).join(", ")})\n`,
      );
    } else if (backend) {
      docs = createDocsSearch({
        baseUrl: backend.baseUrl,
        areas: backend.areas,
        refStore: new FileRefStore(refFile(backend.baseUrl, io.environment)),
        ...(backend.portalUrl ? { portalUrl: backend.portalUrl } : {}),
      });
      caller = { token: backend.token ?? "" };
      io.err(`Searching ${backend.baseUrl} (areas: ${Object.keys(backend.areas).join(", ")})\n`);
    } else {
      service = await startEmbedded(values);
      docs = createDocsSearch({
        baseUrl: service.url,
        areas: service.areas,
        portalUrl: "https://docs.example.internal",
        refStore: new FileRefStore(refFile("embedded", io.environment)),
      });
      const who = values.as ?? "everything";
      caller = { token: service.tokens[callers[who as keyof typeof callers]] };
      io.err(
        `Using the embedded fake docs service at ${service.url} (sample corpus; set SEARCH_DOCS_BASE_URL, SEARCH_DOCS_TOKEN and SEARCH_DOCS_AREAS for a real backend), as ${who}\n`,
      );
    }

    const result = await askOnce(
      docs,
      caller,
      {
        command,
        words: command === "get" ? rest : positionals,
        area: values.area,
        json: values.json === true,
      },
      io,
    );
    if (result.unauthorized) {
      io.err("search-docs: the backend refused the token (401): set a valid SEARCH_DOCS_TOKEN\n");
    }
    return exitCodeFor(result.output.status, result.unauthorized);
  } finally {
    await service?.close();
  }
}

function parseCommandLine(argv: readonly string[]) {
  const parsed = parseArgs({
    args: [...argv],
    allowPositionals: true,
    options: {
      area: { type: "string" },
      json: { type: "boolean" },
      docs: { type: "string" },
      as: { type: "string" },
      reindex: { type: "string", multiple: true },
      shed: { type: "string", multiple: true },
      corpus: { type: "string" },
      port: { type: "string" },
      help: { type: "boolean", short: "h" },
      version: { type: "boolean" },
    },
  });
  const { as, port } = parsed.values;
  if (as !== undefined && !(as in callers)) {
    throw new CliConfigError(`--as must be one of ${Object.keys(callers).join(", ")}`);
  }
  if (port !== undefined && !/^\d{1,5}$/.test(port)) {
    throw new CliConfigError(`--port must be a port number (0 for a free one), not "${port}"`);
  }
  if (port !== undefined && Number(port) > 65_535) {
    throw new CliConfigError(`--port must be at most 65535, not ${port}`);
  }
  if (port !== undefined && fetchBlockedPort(new URL(`http://127.0.0.1:${Number(port)}`))) {
    // Served there, every request to it would fail as a network error: fetch refuses the port.
    throw new CliConfigError(`--port ${port} is one fetch refuses to connect to; choose another`);
  }
  return parsed;
}

type Values = ReturnType<typeof parseCommandLine>["values"];

async function startEmbedded(values: Values): Promise<FakeDocsService> {
  let service: FakeDocsService;
  try {
    service = await startFakeDocsService({
      ...(values.corpus ? { corpus: values.corpus } : {}),
      ...(values.port ? { port: Number(values.port) } : {}),
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EADDRINUSE") {
      throw new CliConfigError(
        `port ${values.port} on 127.0.0.1 is already in use: choose another with --port, or leave it out for a free one`,
      );
    }
    throw error;
  }
  const faultAreas = [
    ...(values.reindex ?? []).map((area) => ({ area, fault: { kind: "reindex" } as const })),
    ...(values.shed ?? []).map((area) => ({
      area,
      fault: { kind: "shed", retryAfterSeconds: 1 } as const,
    })),
  ];
  for (const { area, fault } of faultAreas) {
    const ids = service.areas[area];
    if (!ids) {
      await service.close();
      throw new CliConfigError(
        `no area "${area}" (areas: ${Object.keys(service.areas).join(", ")})`,
      );
    }
    for (const id of ids) service.setFault(id, fault);
  }
  return service;
}

async function serve(values: Values, io: CliIo): Promise<number> {
  const service = await startEmbedded(values);
  const command = io.command ?? "search-docs";
  io.out(`Fake docs service listening at ${service.url}\n`);
  io.out(`areas: ${JSON.stringify(service.areas, null, 2)}\n`);
  io.out(`tokens: ${JSON.stringify(service.tokens, null, 2)}\n`);
  io.out(
    `Try, in another terminal: SEARCH_DOCS_BASE_URL=${service.url} SEARCH_DOCS_TOKEN=${service.tokens.everything} SEARCH_DOCS_AREAS='${JSON.stringify(service.areas)}' ${command} "rotate a key"\n`,
  );
  io.out("Ctrl-C stops it.\n");
  await (io.untilStopped ?? untilSignal)();
  await service.close();
  return 0;
}

function untilSignal(): Promise<void> {
  return new Promise((resolve) => {
    process.once("SIGINT", () => resolve());
    process.once("SIGTERM", () => resolve());
  });
}

/** The one line to print for a mistake the user can fix; undefined for a bug (its stack helps). */
function oneLineMessage(error: unknown): string | undefined {
  if (error instanceof CliConfigError || SearchDocsError.isInstance(error)) {
    return (error as Error).message;
  }
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (typeof code === "string" && code.startsWith("ERR_PARSE_ARGS_")) {
    // node:util's parseArgs says which flag; the rest of its hint is about `--`.
    const [first] = (error as Error).message.split(". ");
    return `${first} (search-docs --help lists the options)`;
  }
  // A system error (a corpus path that does not exist, a port we may not bind): its own words.
  if (typeof code === "string" && /^E[A-Z]+$/.test(code)) return (error as Error).message;
  return undefined;
}

function packageVersion(): string {
  const manifest = new URL("../../package.json", import.meta.url);
  return (JSON.parse(readFileSync(manifest, "utf8")) as { version: string }).version;
}

/**
 * SEARCH_DOCS_POSTGRES_URL is set: search that database's table through the PostgreSQL backend.
 * `pg` is an optional peer dependency, loaded only here. SEARCH_DOCS_TOKEN, when set, is the
 * caller row-level security sees; the URL (it holds a password) is never printed.
 */
async function searchPostgres(
  config: EnvironmentPostgresConfig,
  command: string | undefined,
  rest: string[],
  positionals: string[],
  values: { area?: string | undefined; json?: boolean | undefined; [flag: string]: unknown },
  io: CliIo,
): Promise<number> {
  for (const flag of ["reindex", "shed", "as", "corpus", "port"]) {
    const value = values[flag];
    if (value !== undefined && !(Array.isArray(value) && value.length === 0)) {
      throw new CliConfigError(
        "--as, --reindex, --shed, --corpus and --port apply to the embedded fake service only",
      );
    }
  }
  let pg: {
    default: {
      Pool: new (options: {
        connectionString: string;
        max: number;
      }) => PostgresPool & { end(): Promise<void> };
    };
  };
  try {
    pg = (await import("pg")) as never;
  } catch {
    throw new CliConfigError(
      "SEARCH_DOCS_POSTGRES_URL needs node-postgres: install pg beside @search-docs/core",
    );
  }
  const pool = new pg.default.Pool({ connectionString: config.connectionString, max: 4 });
  const where = new URL(config.connectionString);
  const name = `postgres://${where.host}${where.pathname}#${config.table}`;
  try {
    const docs = createDocsSearch({
      backend: postgresBackend({ pool, table: config.table }),
      areas: config.areas,
      refStore: new FileRefStore(refFile(name, io.environment)),
    });
    const token = io.environment.SEARCH_DOCS_TOKEN?.trim();
    const caller: Caller = { token: token || "search-docs-cli" };
    io.err(`Searching ${name} (areas: ${Object.keys(config.areas).join(", ")})\n`);
    const result = await askOnce(
      docs,
      caller,
      {
        command,
        words: command === "get" ? rest : positionals,
        area: values.area,
        json: values.json === true,
      },
      io,
    );
    return exitCodeFor(result.output.status, result.unauthorized);
  } finally {
    await pool.end();
  }
}

/** Where `get` finds the refs earlier searches issued: one file per backend. */
function refFile(backend: string, environment: NodeJS.ProcessEnv): string {
  const key = createHash("sha256").update(backend).digest("hex").slice(0, 12);
  const directory = environment.SEARCH_DOCS_REF_DIR ?? join(tmpdir(), "search-docs-cli");
  return join(directory, `refs-${key}.json`);
}
