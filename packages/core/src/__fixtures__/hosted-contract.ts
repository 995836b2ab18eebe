import { describe, it } from "vitest";
import type { Caller } from "../contract/caller.js";
import { backendContract } from "../testing/backend-contract.js";
import type { ContractDocument } from "../testing/contract-documents.js";
import type { BackendContractFixture } from "../testing/contract-session.js";

// The hosted engines' contract runs share their collections, their one reader and the runner.

/** The reader's collection, and one that does not exist (never `no_match`). */
export const contractCollections = {
  collectionId: "contract-docs",
  missingCollectionId: "contract-missing",
} as const;

/** A collection the reader may not read, on the engines that can tell it from a bad key. */
export const restrictedCollection = "contract-restricted";

/** The session token of the one reader a minting backend's restrictionsFor knows. */
export const readerSession = "session-of-reader";

/** A minting backend's restrictionsFor: the reader's session gets `restrictions`, any other caller is refused. */
export function readerOnly<Restrictions>(
  restrictions: Restrictions,
): (caller: Caller) => Restrictions | undefined {
  return (caller) =>
    "token" in caller && caller.token === readerSession ? restrictions : undefined;
}

/** `backendContract` over a fixture, one vitest test per check. */
export function describeContract(
  title: string,
  setup: (documents: readonly ContractDocument[]) => Promise<BackendContractFixture>,
): void {
  describe(title, () => {
    for (const check of backendContract(setup)) it(check.name, check.run);
  });
}
