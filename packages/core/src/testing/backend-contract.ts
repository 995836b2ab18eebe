import { settlesWhenAborted, settlesWhenAbortedMidAttempt } from "./contract-abort-checks.js";
import {
  answersForbidden,
  failsMissingCollection,
  keepsNoCredential,
} from "./contract-access-checks.js";
import { answersNotFound, boundsDocuments, readsDocument } from "./contract-document-checks.js";
import { type ContractDocument, contractDocuments } from "./contract-documents.js";
import {
  answersNoMatch,
  boundsPages,
  findsUniqueWord,
  pagesOn,
  toleratesHostileQueries,
} from "./contract-search-checks.js";
import { type BackendContractFixture, CheckNotRun, ContractSession } from "./contract-session.js";

export { type ContractDocument, contractDocuments } from "./contract-documents.js";
export { contractHostileQueries } from "./contract-search-checks.js";
export type { BackendContractFixture } from "./contract-session.js";

/** What a test runner hands a check: vitest's test context fits (`ctx.skip` throws). */
export interface BackendContractContext {
  /** Reports the check as skipped, naming what the fixture lacks; may throw or return. */
  skip?(note?: string): void;
}

/** One check of the contract; `run` throws an Error saying what the backend did wrong. */
export interface BackendContractCheck {
  name: string;
  /** The fixture option without which the check cannot run, and is reported skipped. */
  needs?: "missingCollectionId" | "forbiddenCollectionId";
  /**
   * Runs the check; one the fixture cannot exercise calls `context.skip(reason)`, and without a
   * skip to call it fails: never a pass for what did not run.
   */
  run(context?: BackendContractContext): Promise<void>;
}

/**
 * What every backend must do for core to rely on it: outcome kinds only of the types, empty and
 * failed never on one channel, bounded pages in score order, a continuation that continues,
 * documents read back as loaded, the signal honoured, and the caller's credential never kept or
 * echoed. `setup` is called once per check (memoize a slow engine yourself) and gets the
 * corpus to load; `close` is called after each check.
 *
 * ```ts
 * for (const check of backendContract(setup)) it(check.name, check.run);
 * ```
 */
export function backendContract(
  setup: (documents: readonly ContractDocument[]) => Promise<BackendContractFixture>,
): BackendContractCheck[] {
  const check = (
    name: string,
    body: (session: ContractSession) => Promise<void>,
    needs?: BackendContractCheck["needs"],
  ): BackendContractCheck => ({
    name,
    ...(needs === undefined ? {} : { needs }),
    // A destructured parameter with a default: arity 0 (no runner mistakes it for a done
    // callback), and vitest's fixture parser reads it; `skip` is vitest's bound arrow.
    run: async ({ skip }: BackendContractContext = {}) => {
      const fixture = await setup(contractDocuments());
      const session = new ContractSession(fixture, skip);
      try {
        await body(session);
      } catch (error) {
        if (error instanceof CheckNotRun) return;
        // A failure message may quote what the backend said: never let it carry the credential.
        if (error instanceof Error) error.message = session.redact(error.message);
        throw error;
      } finally {
        await fixture.close?.();
      }
    },
  });
  return [
    check(
      "finds a word only one document holds, first on page one, as getDocument lists it",
      findsUniqueWord,
    ),
    check("never returns more hits than pageSize, best first, whatever it prefers", boundsPages),
    check("answers no_match when no document holds the words", answersNoMatch),
    check(
      "pages on: a query matching more than pageSize continues without repeating a hit",
      pagesOn,
    ),
    check("reads a document's sections in order, as loaded", readsDocument),
    check("answers not_found for a document that does not exist", answersNotFound),
    check("refuses a document over limits.documentSections: failed, too_large", boundsDocuments),
    check(
      "fails for a collection that does not exist: never no_match, never a page",
      failsMissingCollection,
      "missingCollectionId",
    ),
    check(
      "answers forbidden for a collection the caller may not read",
      answersForbidden,
      "forbiddenCollectionId",
    ),
    check("settles within a second of an already-aborted signal", settlesWhenAborted),
    check("settles within a second of the signal firing mid-attempt", settlesWhenAbortedMidAttempt),
    check("never keeps or echoes the caller's credential", keepsNoCredential),
    check(
      "hostile queries: a page or no_match, never a throw or a failure",
      toleratesHostileQueries,
    ),
  ];
}
