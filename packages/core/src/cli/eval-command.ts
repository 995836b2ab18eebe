import { readFileSync, writeFileSync } from "node:fs";
import { basename, dirname, extname, join } from "node:path";
import { defaultInFlightLimitOptions } from "../backend/in-flight-limit.js";
import { backendRegistry } from "../config/backend-registry.js";
import { checkGates, type RetrievalGates } from "../eval/check-gates.js";
import { compareRetrieval, type EvalSetup } from "../eval/compare-retrieval.js";
import { compareToBaseline } from "../eval/compare-to-baseline.js";
import { formatProgress } from "../eval/format-progress.js";
import { parseEvalQueries } from "../eval/parse-eval-queries.js";
import { renderAreaChart } from "../eval/render-area-chart.js";
import { renderRetrievalMarkdown } from "../eval/render-retrieval-markdown.js";
import { renderRetrievalTable } from "../eval/render-retrieval-table.js";
import type { RetrievalReport } from "../eval/retrieval-report.js";
import { MemoryRefStore } from "../refs/memory-ref-store.js";
import type { CliIo } from "./cli-io.js";
import { type OpenedDocs, openBackend } from "./open-backend.js";
import { CliConfigError, type CliValues } from "./parse-command-line.js";

/** Exit codes of `eval`: 0 every gate held, 1 a gate or the baseline broke (2 is a usage mistake). */
const gateBroken = 1;

/**
 * `search-docs eval <queries.jsonl>`: the set through the configured backend (and `--against` a
 * second configuration, alternating), the table (or `--json`), `--report` Markdown with an SVG
 * chart beside it, then the gates and the baseline, one line per broken one on stderr.
 */
export async function runEvalCommand(
  rest: readonly string[],
  values: CliValues,
  io: CliIo & { progress?: boolean },
): Promise<number> {
  if (rest[0] === "init")
    return (await import("./eval-init-command.js")).runEvalInit(rest.slice(1), values, io);
  if (rest.length !== 1) {
    throw new CliConfigError("eval takes one query file, e.g. search-docs eval queries.jsonl");
  }
  const path = rest[0] as string;
  // Everything that can be wrong with the input is found before any backend is opened.
  const set = parseEvalQueries(readFileSync(path, "utf8"), path);
  const gates: RetrievalGates = {
    minRecall: fraction(values["min-recall"], "--min-recall"),
    minMrr: fraction(values["min-mrr"], "--min-mrr"),
    minNdcg: fraction(values["min-ndcg"], "--min-ndcg"),
    maxUnavailable: count(values["max-unavailable"], "--max-unavailable"),
  };
  const tolerance = fraction(values.tolerance, "--tolerance") ?? 0;
  const concurrency = count(values.concurrency, "--concurrency");
  if (concurrency === 0) throw new CliConfigError("--concurrency must be at least 1");
  const baseline = values.baseline === undefined ? undefined : readBaseline(values.baseline);
  if (set.drafted && values["allow-drafted"] !== true) {
    throw new CliConfigError(
      `${path} was drafted by \`search-docs eval init\`: edit its questions and remove its first line, or pass --allow-drafted to try it (the report says drafted)`,
    );
  }
  const opened: OpenedDocs[] = [];
  try {
    const setups: Record<string, EvalSetup> = {};
    const refStore = new MemoryRefStore({ maxEntries: 1_000_000 });
    const first = await openBackend(values, io, { refStore });
    opened.push(first);
    const mainName = values.against === undefined ? "result" : "configured";
    setups[mainName] = {
      docs: first.docs,
      caller: first.caller,
      refStore,
      maxInFlight: questionsInFlight(first),
    };
    if (values.against !== undefined) {
      const againstStore = new MemoryRefStore({ maxEntries: 1_000_000 });
      const second = await openBackend(
        { ...values, config: values.against, docs: undefined },
        { ...io, environment: againstEnvironment(values.against, io.environment) },
        { refStore: againstStore },
      );
      opened.push(second);
      setups[basename(values.against, extname(values.against))] = {
        docs: second.docs,
        caller: second.caller,
        refStore: againstStore,
        maxInFlight: questionsInFlight(second),
      };
    }
    const bound = Math.min(...Object.values(setups).map((setup) => setup.maxInFlight ?? 1));
    if (concurrency !== undefined && concurrency > bound) {
      io.err(
        `--concurrency ${concurrency} would queue requests behind the backend's in-flight bound (${defaultInFlightLimitOptions.maxInFlight} requests; a question fans out to every collection of its area): asking ${bound} at once, so latency is not queueing\n`,
      );
    }
    let lastDrawn = 0;
    const reports = await compareRetrieval(setups, set, {
      ...(concurrency === undefined ? {} : { concurrency }),
      allowDrafted: values["allow-drafted"] === true,
      ...(io.progress
        ? {
            onProgress: (progress) => {
              // At most ten redraws a second: a fast backend should not spend its time on the terminal.
              if (progress.done < progress.total && progress.elapsedMs - lastDrawn < 100) return;
              lastDrawn = progress.elapsedMs;
              io.err(`\r${formatProgress(progress)}`);
              if (progress.done === progress.total) io.err("\n");
            },
          }
        : {}),
    });
    const primary = reports[mainName] as RetrievalReport;
    if (values.json === true)
      io.out(`${JSON.stringify(values.against ? reports : primary, null, 2)}\n`);
    else io.out(renderRetrievalTable(reports));
    if (values.report !== undefined) {
      const chartFile = `${basename(values.report, extname(values.report))}.svg`;
      writeFileSync(join(dirname(values.report), chartFile), renderAreaChart(reports));
      writeFileSync(values.report, renderRetrievalMarkdown(reports, { chartPath: chartFile }));
      io.err(`Wrote ${values.report} and ${chartFile} beside it\n`);
    }
    const broken = checkGates(primary, gates);
    if (baseline !== undefined) {
      const comparison = compareToBaseline(primary, baseline, { tolerance });
      for (const change of comparison.fixed) {
        io.err(
          `fixed: line ${lineOf(primary, change.id)} "${change.query}" now ${change.after.refs.slice(0, 3).join(", ") || change.after.status}\n`,
        );
      }
      for (const change of comparison.broken) {
        io.err(
          `broken: line ${lineOf(primary, change.id)} "${change.query}" was ${change.before.refs.slice(0, 3).join(", ") || change.before.status}, now ${change.after.refs.slice(0, 3).join(", ") || change.after.status}\n`,
        );
      }
      for (const drop of comparison.drops) {
        broken.push(
          `${drop.figure} dropped from ${drop.before.toFixed(3)} to ${Number.isNaN(drop.after) ? "nothing measured" : drop.after.toFixed(3)}, beyond --tolerance ${tolerance}`,
        );
      }
    }
    for (const line of broken) io.err(`search-docs eval: ${line}\n`);
    return broken.length > 0 ? gateBroken : 0;
  } finally {
    for (const docs of opened) await docs.close();
  }
}

/**
 * Questions that fit in flight at once: the backend holds at most `maxInFlight` requests, and a
 * question without an area sends one per collection. Past that, requests queue in the process and
 * the latency measured is the queue's.
 */
function questionsInFlight(opened: OpenedDocs): number {
  return Math.max(1, Math.floor(defaultInFlightLimitOptions.maxInFlight / opened.collections));
}

function lineOf(report: RetrievalReport, id: string): string {
  return String(report.queries.find((outcome) => outcome.id === id)?.line ?? "?");
}

function fraction(text: string | undefined, flag: string): number | undefined {
  if (text === undefined) return undefined;
  const value = Number(text);
  if (text.trim() === "" || !Number.isFinite(value) || value < 0 || value > 1) {
    throw new CliConfigError(`${flag} must be a number from 0 to 1, not "${text}"`);
  }
  return value;
}

function count(text: string | undefined, flag: string): number | undefined {
  if (text === undefined) return undefined;
  if (!/^\d{1,6}$/.test(text))
    throw new CliConfigError(`${flag} must be a whole number, not "${text}"`);
  return Number(text);
}

function readBaseline(path: string): RetrievalReport {
  const parsed = JSON.parse(readFileSync(path, "utf8")) as Partial<RetrievalReport>;
  if (
    typeof parsed !== "object" ||
    parsed === null ||
    !Array.isArray(parsed.queries) ||
    parsed.overall === undefined
  ) {
    throw new CliConfigError(`${path} is not a report of search-docs eval --json`);
  }
  // JSON writes NaN as null: read it back as "not measured".
  const overall = parsed.overall as unknown as Record<string, unknown>;
  for (const [name, value] of Object.entries(overall))
    if (value === null) overall[name] = Number.NaN;
  return parsed as RetrievalReport;
}

/**
 * The `--against` file is read on its own: of the environment's SEARCH_DOCS_* variables only the
 * credentials stay beside it (the engine it names reads its secrets from there), so the first
 * configuration's engine variables cannot clash with it.
 */
function againstEnvironment(path: string, environment: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const secrets = new Set(
    backendRegistry.flatMap((entry) =>
      entry.variables.flatMap((variable) =>
        variable.secret ? [variable.name, ...(variable.alias ? [variable.alias] : [])] : [],
      ),
    ),
  );
  secrets.add("SEARCH_DOCS_TOKEN");
  secrets.add("SEARCH_DOCS_REF_DIR");
  const file = JSON.parse(readFileSync(path, "utf8")) as Record<string, unknown>;
  const kept: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(environment)) {
    if (!name.startsWith("SEARCH_DOCS_") || (secrets.has(name) && !(name in file)))
      kept[name] = value;
  }
  // Another engine's secret beside the file's engine would read as two engines: keep only its own.
  const chosen =
    typeof file.SEARCH_DOCS_BACKEND === "string" ? file.SEARCH_DOCS_BACKEND : undefined;
  for (const entry of backendRegistry) {
    if (chosen === undefined || entry.engine === chosen) continue;
    for (const variable of entry.variables) {
      delete kept[variable.name];
      if (variable.alias !== undefined) delete kept[variable.alias];
    }
  }
  // The first setup's token is not the second's business when its engine reads none (a folder).
  const entry = backendRegistry.find((candidate) => candidate.engine === chosen);
  if (
    entry !== undefined &&
    !entry.shared.includes("SEARCH_DOCS_TOKEN") &&
    !("SEARCH_DOCS_TOKEN" in file)
  )
    delete kept.SEARCH_DOCS_TOKEN;
  return kept;
}
