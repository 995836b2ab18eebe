import { describeOutcome, describeValue } from "./contract-describe.js";
import {
  contractAbsentQuery,
  contractCommonWord,
  contractReadDocumentKey,
  contractUniqueWord,
} from "./contract-documents.js";
import { type ContractSession, pageSizeForPaging } from "./contract-session.js";

// The contract's access checks: a missing collection is never an empty answer, a forbidden one
// is forbidden, and the caller's credential is never kept or echoed.

export async function failsMissingCollection(session: ContractSession): Promise<void> {
  const collectionId = session.fixture.missingCollectionId;
  // Only where the fixture names one: some engines cannot tell a missing collection from an empty one.
  if (collectionId === undefined) {
    return session.skip("the fixture names no missingCollectionId");
  }
  const outcome = await session.search({ collectionId, query: contractUniqueWord });
  // forbidden is no answer either: core leaves a forbidden collection out, so the model would
  // read no_matches while the collection is gone.
  if (outcome.kind === "page" || outcome.kind === "no_match" || outcome.kind === "forbidden") {
    throw new Error(
      `searching collection ${JSON.stringify(collectionId)}, which does not exist, answered ${describeOutcome(outcome)}; a missing collection is a failure (e.g. failed, misconfigured), never an empty answer and never forbidden (left out, it reads as no_matches).`,
    );
  }
  const document = await session.read(session.documentId(contractReadDocumentKey), {
    collectionId,
  });
  if (document.kind === "document") {
    throw new Error(
      `getDocument in collection ${JSON.stringify(collectionId)}, which does not exist, answered a document.`,
    );
  }
}

export async function answersForbidden(session: ContractSession): Promise<void> {
  const collectionId = session.fixture.forbiddenCollectionId;
  // Only where the engine has per-caller access.
  if (collectionId === undefined) {
    return session.skip("the fixture names no forbiddenCollectionId");
  }
  const outcome = await session.search({ collectionId, query: contractUniqueWord });
  if (outcome.kind !== "forbidden") {
    throw new Error(
      `searching collection ${JSON.stringify(collectionId)}, which the caller may not read, answered ${describeOutcome(outcome)}, not forbidden.`,
    );
  }
  const document = await session.read(session.documentId(contractReadDocumentKey), {
    collectionId,
  });
  if (document.kind !== "forbidden" && document.kind !== "not_found") {
    throw new Error(
      `getDocument in collection ${JSON.stringify(collectionId)}, which the caller may not read, answered ${describeOutcome(document)}, not forbidden.`,
    );
  }
}

export async function keepsNoCredential(session: ContractSession): Promise<void> {
  const secrets = session.secrets();
  if (secrets.length === 0) {
    throw new Error(
      "the fixture's caller carries no credential of 6 characters or more, so the contract cannot look for it: give the caller a realistic token.",
    );
  }
  // Every call below is checked as it returns (ContractSession.record): what it said and
  // annotated holds no credential. Then the backend's own state is searched for it.
  const { fixture } = session;
  const first = await session.search({ query: contractCommonWord, pageSize: pageSizeForPaging });
  if (first.kind === "page" && first.next !== undefined) {
    await session.search({
      query: contractCommonWord,
      pageSize: pageSizeForPaging,
      continuation: first.next,
    });
  }
  await session.search({ query: contractUniqueWord });
  await session.search({ query: contractAbsentQuery });
  await session.read(session.documentId(contractReadDocumentKey));
  await session.read("no-such-document-7f3a9c");
  await session.read(session.documentId(contractReadDocumentKey), {
    attempt: session.attempt({ limits: { documentSections: 2 } }),
  });
  for (const collectionId of [fixture.missingCollectionId, fixture.forbiddenCollectionId]) {
    if (collectionId === undefined) continue;
    await session.search({ collectionId, query: contractUniqueWord });
    await session.read(session.documentId(contractReadDocumentKey), { collectionId });
  }
  const kept = findSecret(fixture.backend, secrets);
  if (kept !== undefined) {
    throw new Error(`after its calls the backend keeps the caller's credential in backend${kept}.`);
  }
}

/** Where in `value`'s own enumerable state a secret sits (`.cache[2].headers`), if anywhere. */
function findSecret(value: unknown, secrets: readonly string[]): string | undefined {
  const seen = new Set<unknown>();
  const walk = (node: unknown, path: string, depth: number): string | undefined => {
    if (typeof node === "string")
      return secrets.some((secret) => node.includes(secret)) ? path : undefined;
    if (typeof node !== "object" || node === null || seen.has(node) || depth > 8) return undefined;
    seen.add(node);
    const entries: Array<[string, unknown]> = [];
    if (node instanceof Map) {
      for (const [key, entry] of node)
        entries.push([`.get(${describeValue(key)})`, entry], [`[key ${describeValue(key)}]`, key]);
    } else if (node instanceof Set) {
      for (const entry of node) entries.push(["[entry]", entry]);
    } else {
      for (const key of Object.keys(node)) {
        try {
          entries.push([`.${key}`, (node as Record<string, unknown>)[key]]);
        } catch {
          // A getter that throws holds nothing we can read.
        }
      }
    }
    for (const [step, entry] of entries) {
      if (secrets.some((secret) => step.includes(secret))) return `${path}[a key holding it]`;
      const found = walk(entry, `${path}${step}`, depth + 1);
      if (found !== undefined) return found;
    }
    return undefined;
  };
  return walk(value, "", 0);
}
