import { backendConfig } from "../config/backend-config.js";
import { SearchDocsError } from "../errors/search-docs-error.js";
import { checkExitCodes } from "./check-report.js";
import { formatCheckReport } from "./format-check-report.js";
import { runCheck } from "./run-check.js";

export interface CheckCommandOptions {
  environment: Readonly<Record<string, string | undefined>>;
  /** `--config <file>` */
  configFile?: string | undefined;
  /** `--docs <folder|url>` */
  docsFolder?: string | undefined;
  /** `--query <words>`: probe with these words instead of a sampled title. */
  query?: string | undefined;
  json?: boolean | undefined;
}

/**
 * `search-docs check` and `search-docs-mcp --check`: one implementation. The report goes to
 * `out` (a table, or JSON with `--json`); a configuration mistake is one line on `err`.
 */
export async function runCheckCommand(
  options: CheckCommandOptions,
  io: { out(text: string): void; err(text: string): void },
): Promise<number> {
  let config: ReturnType<typeof backendConfig>;
  try {
    config = backendConfig({
      environment: options.environment,
      mode: "one-user",
      configFile: options.configFile,
      docsFolder: options.docsFolder,
    });
  } catch (error) {
    if (!SearchDocsError.isInstance(error)) throw error;
    io.err(`check: ${error.message}\n`);
    return checkExitCodes.configuration;
  }
  if (config === undefined) {
    io.err(
      "check: no backend is configured: set SEARCH_DOCS_BACKEND and its variables (--help lists them), --config <file> or --docs <folder>\n",
    );
    return checkExitCodes.configuration;
  }
  let report: Awaited<ReturnType<typeof runCheck>>;
  try {
    report = await runCheck(config, { query: options.query });
  } catch (error) {
    // Opening failed before any engine was asked (pg not installed, a folder index unreadable).
    if (!SearchDocsError.isInstance(error)) throw error;
    io.err(`check: ${error.message}\n`);
    return checkExitCodes.configuration;
  }
  io.out(options.json ? `${JSON.stringify(report, null, 2)}\n` : formatCheckReport(report));
  return report.passed ? checkExitCodes.passed : checkExitCodes.failed;
}
