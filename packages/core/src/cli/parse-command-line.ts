import { parseArgs } from "node:util";
import { fetchBlockedPort } from "../backend-kit/fetch-blocked-port.js";
import { areaSources } from "../config/area-sources.js";

/** A mistake in the command line or its surroundings; the message is one line. */
export class CliConfigError extends Error {
  override name = "CliConfigError";
}

/** `--as`: whose credentials the embedded fake service's searches use. */
export const embeddedCallers = {
  everything: "everything",
  "no-policies": "noPolicies",
  "runbooks-only": "runbooksOnly",
} as const;

/** The CLI's flags, checked: a bad one is a CliConfigError before anything starts. */
export function parseCommandLine(argv: readonly string[]) {
  const parsed = parseArgs({
    args: [...argv],
    allowPositionals: true,
    options: {
      area: { type: "string", multiple: true },
      json: { type: "boolean" },
      docs: { type: "string" },
      config: { type: "string" },
      as: { type: "string" },
      reindex: { type: "string", multiple: true },
      shed: { type: "string", multiple: true },
      corpus: { type: "string" },
      port: { type: "string" },
      report: { type: "string" },
      baseline: { type: "string" },
      tolerance: { type: "string" },
      "min-recall": { type: "string" },
      "min-mrr": { type: "string" },
      "min-ndcg": { type: "string" },
      "max-unavailable": { type: "string" },
      against: { type: "string" },
      concurrency: { type: "string" },
      count: { type: "string" },
      "allow-drafted": { type: "boolean" },
      query: { type: "string" },
      help: { type: "boolean", short: "h" },
      version: { type: "boolean" },
    },
  });
  const { as, port } = parsed.values;
  if (as !== undefined && !(as in embeddedCallers)) {
    throw new CliConfigError(`--as must be one of ${Object.keys(embeddedCallers).join(", ")}`);
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
  // `--area name=<folder|url>` names a source per area; a plain `--area name` filters a search.
  const { area, docs } = areaSources(parsed.values.area, parsed.values.docs);
  return { ...parsed, values: { ...parsed.values, area, docs } };
}

export type CliValues = ReturnType<typeof parseCommandLine>["values"];

/** Whether any flag of the embedded fake service is set. */
export function usesEmbeddedFlags(values: CliValues): boolean {
  return Boolean(
    values.reindex?.length || values.shed?.length || values.as || values.corpus || values.port,
  );
}
