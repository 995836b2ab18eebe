import { checkExitCodes } from "../check/check-report.js";
import type { DocumentStatus, SearchStatus } from "../contract/contract.js";

/**
 * The CLI's exit code for how a call ended, so a script can tell "nothing there" from "down"
 * without parsing the output. `--help` prints this table. A search that matched nothing is an
 * answer (0); every status that is not an answer has its own code.
 */
export const exitCodes = {
  ok: { code: 0, meaning: "ok, or no_matches (a search that matched nothing is an answer)" },
  badInput: {
    code: 2,
    meaning: "a mistake in the command line, the SEARCH_DOCS_* variables or the input",
  },
  unavailable: {
    code: 3,
    meaning: "unavailable: the backend could not be searched or read; try again",
  },
  notFound: { code: 4, meaning: "not_found: get_document has no document for that ref" },
  noAccess: { code: 5, meaning: "no_access: the token may not read that document" },
  unauthorized: {
    code: 6,
    meaning: "unavailable because the backend refused SEARCH_DOCS_TOKEN (401)",
  },
  checkFailed: {
    code: checkExitCodes.failed,
    meaning: "check: at least one check failed (each ✗ line names its fix)",
  },
} as const;

/** The exit code of a finished call. */
export function exitCodeFor(status: SearchStatus | DocumentStatus, unauthorized: boolean): number {
  if (unauthorized && status === "unavailable") return exitCodes.unauthorized.code;
  switch (status) {
    case "ok":
    case "no_matches":
      return exitCodes.ok.code;
    case "unavailable":
      return exitCodes.unavailable.code;
    case "not_found":
      return exitCodes.notFound.code;
    case "no_access":
      return exitCodes.noAccess.code;
  }
}

/** The table as `--help` prints it. */
export function exitCodesHelp(): string {
  return Object.values(exitCodes)
    .map(({ code, meaning }) => `  ${code}  ${meaning}`)
    .join("\n");
}
