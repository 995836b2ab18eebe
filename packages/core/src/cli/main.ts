import { readFileSync } from "node:fs";
import { variablesHelp } from "../config/variables-help.js";
import { SearchDocsError } from "../errors/search-docs-error.js";
import { askOnce } from "./ask-once.js";
import type { CliIo } from "./cli-io.js";
import { serve } from "./embedded-service.js";
import { exitCodeFor, exitCodesHelp } from "./exit-codes.js";
import { openBackend } from "./open-backend.js";
import { CliConfigError, parseCommandLine } from "./parse-command-line.js";

export const usage = `search-docs: one documentation-search tool for LLM agents, from the terminal.

  search-docs "<question>" [--area <area>] [--json]   search, as the model would
  search-docs get <ref> [--json]                      read a document from a ref a search returned
  search-docs serve [--port <n>]                      run the fake docs service on its own
  search-docs demo                                    a scripted tour of the five cases that matter
  search-docs index <folder> [--json]                 index a docs folder (.md, .mdx, .txt) for --docs
  search-docs index <url> [--json]                    crawl a docs site (llms.txt, sitemaps, links) for --docs <url>
  search-docs "<question>" --docs <folder>            search that folder (indexed first, incrementally)
  search-docs index --area <name>=<folder|url> ...    several sources, each an area (also for a search, get, eval)
  search-docs get <ref> --docs <folder>               read a document of that folder
  search-docs eval <queries.jsonl> [--json] [--report report.md]   measure retrieval on your own questions
      [--min-recall n] [--min-mrr n] [--min-ndcg n] [--max-unavailable n]   CI gates (exit 1, one line each)
      [--baseline previous.json [--tolerance n]] [--against <config.json>] [--concurrency n] [--allow-drafted]
  search-docs eval init <new.jsonl> [--count n]       draft questions from the index, for a person to edit
  search-docs check [--json] [--query <words>]        verify the configured backend, per area and collection:
      reached, credential accepted, collection there, record layout, a probe search, get_document on
      its first hit; each ✗ names the one change that fixes it (docs/check.md). Exit 0 only if all pass.
  search-docs --version

The backend: SEARCH_DOCS_BACKEND and that engine's variables (below), or --config <file> (JSON
with the same names; credentials only from the environment), or --docs <folder>. With none it
uses an embedded fake docs service (sample corpus). Refs issued by searches are kept for \`get\`
under SEARCH_DOCS_REF_DIR (default: the system temp folder). Results go to stdout (--json: only
JSON); what the tool says about itself goes to stderr. docs/configuration.md has every variable.

${variablesHelp()}

Embedded service only:
  --as <everything|no-policies|runbooks-only>   whose credentials to search with
  --reindex <area>   make an area's collections answer 409, as during a docs deploy (repeatable)
  --shed <area>      make an area's collections shed load with 429 (repeatable)
  --corpus <path>    a corpus in the docs.jsonl format instead of the sample
  --port <n>         the port to listen on (default: a free one)

Exit codes:
${exitCodesHelp()}
`;

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
    if (rest.length === 0 && values.docs?.startsWith("{")) {
      // `index --area a=<folder|url> ...`: each source indexed (or crawled) into its own index.
      const opened = await openBackend(values, io);
      await opened.close();
      return 0;
    }
    if (rest.length !== 1)
      throw new CliConfigError("index takes one folder, e.g. search-docs index ./docs");
    if (/^https?:\/\//i.test(rest[0] as string)) {
      const { runSiteIndexCommand } = await import("./index-site-command.js");
      return runSiteIndexCommand(
        rest[0] as string,
        { json: values.json === true },
        { ...io, progress: process.stderr.isTTY === true },
      );
    }
    const { runIndexCommand } = await import("./index-command.js");
    return runIndexCommand(
      rest[0] as string,
      { json: values.json === true },
      { ...io, progress: process.stderr.isTTY === true },
    );
  }
  if (command === "eval")
    return (await import("./eval-command.js")).runEvalCommand(rest, values, {
      ...io,
      progress: process.stderr.isTTY === true,
    });
  if (command === "check") {
    if (rest.length > 0)
      throw new CliConfigError("check takes no words; probe words go in --query");
    return (await import("../check/check-command.js")).runCheckCommand(
      {
        environment: io.environment,
        configFile: values.config,
        docsFolder: values.docs,
        query: values.query,
        json: values.json === true,
      },
      io,
    );
  }
  if (command === "demo") return (await import("./demo.js")).runDemo(io);
  if (command === "serve") return serve(values, io);

  const opened = await openBackend(values, io);
  try {
    const result = await askOnce(
      opened.docs,
      opened.caller,
      {
        command,
        words: command === "get" ? rest : positionals,
        area: values.area,
        json: values.json === true,
      },
      io,
    );
    if (result.unauthorized) {
      io.err(
        `search-docs: the backend refused the token (401): set a valid ${opened.credential}\n`,
      );
    }
    return exitCodeFor(result.output.status, result.unauthorized);
  } finally {
    await opened.close();
  }
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
