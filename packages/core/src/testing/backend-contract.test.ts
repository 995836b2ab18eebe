import { describe, expect, it } from "vitest";
import type { PageOutcome, SearchBackend } from "../backend/search-backend.js";
import { type BackendContractFixture, backendContract } from "./backend-contract.js";
import { type ContractDocument, contractDocuments } from "./contract-documents.js";
import { memoryBackend } from "./memory-backend.js";

// The contract is only worth running if each check fails on a backend that breaks its rule:
// every case below breaks one rule of a good backend and expects the one check to say so.

const token = "secret-token-4c1d8e";

function goodBackend(documents: readonly ContractDocument[]): SearchBackend {
  return memoryBackend({
    collections: {
      handbook: documents.map(({ key, ...document }) => ({ id: key, ...document })),
      vault: [],
    },
    readers: { vault: ["someone-else-entirely"] },
  });
}

type Breakage = (good: SearchBackend) => SearchBackend;

async function failureOf(
  checkName: string,
  breakage: Breakage,
  fixture: Partial<BackendContractFixture> = {},
) {
  const checks = backendContract(async (documents) => ({
    backend: breakage(goodBackend(documents)),
    collectionId: "handbook",
    caller: { token },
    missingCollectionId: "nowhere",
    forbiddenCollectionId: "vault",
    ...fixture,
  }));
  const check = checks.find((each) => each.name.startsWith(checkName));
  if (check === undefined) throw new Error(`no check named ${checkName}`);
  try {
    await check.run();
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
  return undefined;
}

const mapPages =
  (
    change: (
      outcome: PageOutcome,
      request: Parameters<SearchBackend["searchPage"]>[0],
    ) => PageOutcome,
  ): Breakage =>
  (good) => ({
    ...good,
    searchPage: async (request, attempt) =>
      change(await good.searchPage(request, attempt), request),
  });

describe("backendContract", () => {
  it("passes a good backend on every check", async () => {
    const checks = backendContract(async (documents) => ({
      backend: goodBackend(documents),
      collectionId: "handbook",
      caller: { token },
      missingCollectionId: "nowhere",
      forbiddenCollectionId: "vault",
    }));
    expect(checks.length).toBeGreaterThanOrEqual(13);
    expect(new Set(checks.map((check) => check.name)).size).toBe(checks.length);
    for (const check of checks) await check.run();
  });

  it("reports a check the fixture cannot exercise as skipped, naming the option, never as passed", async () => {
    const checks = backendContract(async (documents) => ({
      backend: goodBackend(documents),
      collectionId: "handbook",
      caller: { token },
    }));
    const needing = checks.filter((check) => check.needs !== undefined);
    expect(needing.map((check) => check.needs)).toEqual([
      "missingCollectionId",
      "forbiddenCollectionId",
    ]);
    for (const check of needing) {
      // A runner whose skip returns (node:test's t.skip): the check stops there, unfailed.
      const skipped: (string | undefined)[] = [];
      await check.run({ skip: (note) => skipped.push(note) });
      expect(skipped).toEqual([`the fixture names no ${check.needs}`]);
      // No skip to call: a failure, not a pass.
      await expect(check.run()).rejects.toThrow(
        `the fixture names no ${check.needs}: this check did not run`,
      );
    }
    // Every other check runs, and calls no skip.
    for (const check of checks.filter((each) => each.needs === undefined)) {
      await check.run({ skip: (note) => expect.fail(`${check.name} skipped: ${note}`) });
    }
  });

  it("calls setup once per check and close after it, even when the check fails", async () => {
    const events: string[] = [];
    const checks = backendContract(async () => {
      events.push("setup");
      return {
        backend: {
          ...goodBackend(contractDocuments()),
          searchPage: async () => ({ kind: "no_match" }),
        },
        collectionId: "handbook",
        caller: { token },
        close: async () => {
          events.push("close");
        },
      };
    });
    await expect(checks[0]?.run()).rejects.toThrow(/heliograph/);
    expect(events).toEqual(["setup", "close"]);
  });

  it("fails a hit outside the document that holds the word, or a section getDocument does not list", async () => {
    expect(
      await failureOf(
        "finds a word",
        mapPages((outcome) =>
          outcome.kind === "page"
            ? {
                ...outcome,
                hits: outcome.hits.map((hit) => ({ ...hit, section: `s${hit.section}` })),
              }
            : outcome,
        ),
      ),
    ).toMatch(/names section "s2"; getDocument lists/);
    expect(
      await failureOf(
        "finds a word",
        mapPages((outcome) =>
          outcome.kind === "page"
            ? { ...outcome, hits: outcome.hits.map((hit) => ({ ...hit, snippet: " " })) }
            : outcome,
        ),
      ),
    ).toMatch(/snippet is empty/);
  });

  it("fails a page over pageSize, or out of score order, or a NaN score", async () => {
    const all: Breakage = (good) => ({
      ...good,
      searchPage: (request, attempt) => good.searchPage({ ...request, pageSize: 50 }, attempt),
    });
    expect(await failureOf("never returns more hits", all)).toMatch(/more than the pageSize of 1/);
    const reversed = mapPages((outcome) =>
      outcome.kind === "page" ? { ...outcome, hits: [...outcome.hits].reverse() } : outcome,
    );
    expect(await failureOf("never returns more hits", reversed)).toMatch(/scores rise/);
    const notANumber = mapPages((outcome) =>
      outcome.kind === "page"
        ? { ...outcome, hits: outcome.hits.map((hit) => ({ ...hit, score: Number.NaN })) }
        : outcome,
    );
    expect(await failureOf("never returns more hits", notANumber)).toMatch(
      /score is not a finite number/,
    );
  });

  it("fails an empty page where nothing matched, or an outcome kind the types do not have", async () => {
    const emptyPage = mapPages((outcome) =>
      outcome.kind === "no_match" ? { kind: "page", hits: [], more: false } : outcome,
    );
    expect(await failureOf("answers no_match", emptyPage)).toMatch(/"no_match"/);
    const invented = mapPages((outcome) =>
      outcome.kind === "no_match" ? ({ kind: "empty" } as unknown as PageOutcome) : outcome,
    );
    expect(await failureOf("answers no_match", invented)).toMatch(
      /core would refuse this answer \(malformed answer: unknown outcome kind "empty"\)/,
    );
  });

  it("fails a continuation that repeats page one, or one that skips a hit", async () => {
    const repeats: Breakage = (good) => ({
      ...good,
      searchPage: (request, attempt) =>
        good.searchPage({ ...request, continuation: undefined }, attempt),
    });
    expect(await failureOf("pages on", repeats)).toMatch(
      /repeats .* the continuation does not continue/,
    );
    const skips: Breakage = (good) => ({
      ...good,
      searchPage: (request, attempt) =>
        good.searchPage(
          {
            ...request,
            ...(request.continuation === undefined
              ? {}
              : { continuation: String(Number(request.continuation) + 1) }),
          },
          attempt,
        ),
    });
    expect(await failureOf("pages on", skips)).toMatch(/never brought section/);
    const noNext = mapPages((outcome) =>
      outcome.kind === "page" ? { kind: "page", hits: outcome.hits, more: false } : outcome,
    );
    expect(await failureOf("pages on", noNext)).toMatch(/should say more: true with a next/);
    // A single-page backend is held to its own promise: exactly pageSize, more: false.
    expect(await failureOf("pages on", (good) => good, { singlePage: true })).toMatch(
      /single-page backend/,
    );
    expect(await failureOf("pages on", noNext, { singlePage: true })).toBeUndefined();
  });

  it("fails a document read back out of order, over limits.documentSections, or found when it does not exist", async () => {
    const reversed: Breakage = (good) => ({
      ...good,
      getDocument: async (request, attempt) => {
        const outcome = await good.getDocument(request, attempt);
        return outcome.kind === "document"
          ? {
              kind: "document",
              document: { ...outcome.document, sections: [...outcome.document.sections].reverse() },
            }
          : outcome;
      },
    });
    expect(await failureOf("reads a document", reversed)).toMatch(/section 1 is .*Roll back/);
    const unbounded: Breakage = (good) => ({
      ...good,
      getDocument: (request, attempt) =>
        good.getDocument(request, {
          ...attempt,
          limits: { ...attempt.limits, documentSections: 2000 },
        }),
    });
    expect(await failureOf("refuses a document over", unbounded)).toMatch(
      /over limits.documentSections|not \{ kind: "failed"/,
    );
    const everything: Breakage = (good) => ({
      ...good,
      getDocument: (request, attempt) =>
        good.getDocument({ ...request, documentId: "key-rotation" }, attempt),
    });
    expect(await failureOf("answers not_found", everything)).toMatch(/not not_found/);
  });

  it("fails a missing collection answered as empty, and a forbidden one answered", async () => {
    const empty = mapPages((outcome, request) =>
      request.collectionId === "nowhere" ? { kind: "no_match" } : outcome,
    );
    expect(await failureOf("fails for a collection that does not exist", empty)).toMatch(
      /never an empty answer/,
    );
    const hidden = mapPages((outcome, request) =>
      request.collectionId === "nowhere" ? { kind: "forbidden" } : outcome,
    );
    expect(await failureOf("fails for a collection that does not exist", hidden)).toMatch(
      /never forbidden/,
    );
    const unpreferred = mapPages((outcome, request) =>
      request.prefer === "recent" ? { kind: "failed", cause: "rejected" } : outcome,
    );
    expect(await failureOf("never returns more hits", unpreferred)).toMatch(/prefer "recent"/);
    const open: Breakage = (good) => ({
      ...good,
      searchPage: (request, attempt) =>
        good.searchPage(
          {
            ...request,
            collectionId: request.collectionId === "vault" ? "handbook" : request.collectionId,
          },
          attempt,
        ),
    });
    expect(await failureOf("answers forbidden", open)).toMatch(/not forbidden/);
  });

  it("fails a backend that ignores its signal", async () => {
    const deaf: Breakage = (good) => ({
      ...good,
      searchPage: () => new Promise(() => {}),
    });
    expect(await failureOf("settles within a second of an already-aborted", deaf)).toMatch(
      /had not settled/,
    );
    expect(await failureOf("settles within a second of the signal firing", deaf)).toMatch(
      /had not settled/,
    );
  });

  it("fails a backend that echoes or keeps the credential, and never repeats it in its own message", async () => {
    const echoes = mapPages((outcome, request) =>
      request.collectionId === "nowhere"
        ? { kind: "failed", cause: "misconfigured", reason: `no access for ${token}` }
        : outcome,
    );
    const echoed = await failureOf("never keeps or echoes", echoes);
    expect(echoed).toMatch(/holds the caller's credential/);
    expect(echoed).not.toContain(token);
    const keeps: Breakage = (good) => {
      const backend = {
        ...good,
        recent: new Map<string, unknown>(),
        searchPage: (
          request: Parameters<SearchBackend["searchPage"]>[0],
          attempt: Parameters<SearchBackend["searchPage"]>[1],
        ) => {
          backend.recent.set(request.query, {
            headers: { authorization: `Bearer ${(attempt.caller as { token: string }).token}` },
          });
          return good.searchPage(request, attempt);
        },
      };
      return backend;
    };
    expect(await failureOf("never keeps or echoes", keeps)).toMatch(
      /keeps the caller's credential in backend\.recent/,
    );
    const annotates: Breakage = (good) => ({
      ...good,
      searchPage: (request, attempt) => {
        attempt.annotate({ status: 200, caller: attempt.caller } as never);
        return good.searchPage(request, attempt);
      },
    });
    expect(await failureOf("never keeps or echoes", annotates)).toMatch(
      /annotate was given "caller"/,
    );
    expect(
      await failureOf("never keeps or echoes", (good) => good, { caller: { token: "short" } }),
    ).toMatch(/cannot look for it/);
  });

  it("fails a backend that throws on a hostile query, or answers one with a failure", async () => {
    const throws: Breakage = (good) => ({
      ...good,
      searchPage: (request, attempt) => {
        if (request.query.includes("(")) throw new SyntaxError("unbalanced parenthesis");
        return good.searchPage(request, attempt);
      },
    });
    expect(await failureOf("hostile queries", throws)).toMatch(
      /threw \(SyntaxError: unbalanced parenthesis\)/,
    );
    const rejects = mapPages((outcome, request) =>
      request.query.includes(":")
        ? { kind: "failed", cause: "rejected", reason: "parse error" }
        : outcome,
    );
    expect(await failureOf("hostile queries", rejects)).toMatch(/a page or no_match/);
  });
});
