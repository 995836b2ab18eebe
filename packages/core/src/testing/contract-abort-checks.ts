import { contractCommonWord, contractReadDocumentKey } from "./contract-documents.js";
import { type ContractSession, settleAfterAbortMs } from "./contract-session.js";
import type { TestAttempt } from "./test-attempt.js";

// The contract's abort checks: an aborted signal, before or during the attempt, settles the call
// within a second.

export async function settlesWhenAborted(session: ContractSession): Promise<void> {
  const controller = new AbortController();
  controller.abort(new DOMException("The caller aborted.", "AbortError"));
  for (const [what, call] of abortableCalls(session)) {
    await settlesWithin(`${what} with an aborted signal`, () =>
      call(session.attempt({ signal: controller.signal })),
    );
  }
}

/** A search and a document read on the fixture's collection, as abort checks make them. */
function abortableCalls(
  session: ContractSession,
): Array<[string, (attempt: TestAttempt) => Promise<unknown>]> {
  const { backend, collectionId } = session.fixture;
  const request = {
    collectionId,
    query: contractCommonWord,
    pageSize: 20,
    continuation: undefined,
  };
  const documentRequest = { collectionId, documentId: session.documentId(contractReadDocumentKey) };
  return [
    ["searchPage", (attempt) => backend.searchPage(request, attempt)],
    ["getDocument", (attempt) => backend.getDocument(documentRequest, attempt)],
  ];
}

export async function settlesWhenAbortedMidAttempt(session: ContractSession): Promise<void> {
  for (const [what, call] of abortableCalls(session)) {
    const controller = new AbortController();
    const attempt = session.attempt({ signal: controller.signal });
    // Settled either way at once, so an early rejection is never an unhandled one.
    const pending = Promise.resolve()
      .then(() => call(attempt))
      .then(
        () => undefined,
        () => undefined,
      );
    // Fire once the backend has started its work (after its first await, if it has one).
    await new Promise((resolve) => setTimeout(resolve, 1));
    controller.abort(new DOMException("The caller aborted.", "AbortError"));
    await settlesWithin(`${what} when the signal fired mid-attempt`, () => pending);
  }
}

/** Waits for a call to settle, either way, within a second. */
async function settlesWithin(what: string, call: () => Promise<unknown>): Promise<void> {
  const started = Date.now();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<"late">((resolve) => {
    timer = setTimeout(() => resolve("late"), settleAfterAbortMs);
  });
  try {
    const result = await Promise.race([
      Promise.resolve()
        .then(call)
        .then(
          () => "settled" as const,
          () => "settled" as const,
        ),
      late,
    ]);
    if (result === "late") {
      throw new Error(
        `${what} had not settled ${Date.now() - started} ms later: pass attempt.signal on and stop when it fires.`,
      );
    }
  } finally {
    clearTimeout(timer);
  }
}
