import { describe, expect, it } from "vitest";
import { caller, documents, search } from "../__fixtures__/memory-documents.js";
import type { BackendFailure } from "../backend/search-backend.js";
import { memoryBackend } from "./memory-backend.js";
import { testAttempt } from "./test-attempt.js";

describe("memoryBackend: what an attempt meets first", () => {
  it("plays a queue of failures one per attempt, then answers as usual", async () => {
    const queue: BackendFailure[] = [
      { kind: "overloaded", retryAfterMs: 200 },
      { kind: "rebuilding" },
    ];
    const backend = memoryBackend({ collections: { docs: documents }, failures: { docs: queue } });
    expect(await backend.searchPage(search("key"), testAttempt({ caller }))).toEqual({
      kind: "overloaded",
      retryAfterMs: 200,
    });
    expect(
      await backend.getDocument(
        { collectionId: "docs", documentId: "alpha" },
        testAttempt({ caller }),
      ),
    ).toEqual({
      kind: "rebuilding",
    });
    expect((await backend.searchPage(search("key"), testAttempt({ caller }))).kind).toBe("page");
    // The caller's array is the script, not the backend's state: it is left as it was.
    expect(queue).toHaveLength(2);
  });

  it("plays one failure on every attempt, or asks a function per request", async () => {
    const always = memoryBackend({
      collections: { docs: documents },
      failures: { docs: { kind: "failed", cause: "malformed", reason: "scripted" } },
    });
    for (let attempt = 0; attempt < 3; attempt++) {
      expect((await always.searchPage(search("key"), testAttempt({ caller }))).kind).toBe("failed");
    }
    const asked: string[] = [];
    const chooser = memoryBackend({
      collections: { docs: documents },
      failures: {
        docs: (request) => {
          asked.push(request.operation);
          return request.operation === "search" && request.continuation !== undefined
            ? { kind: "stale_continuation" }
            : undefined;
        },
      },
    });
    expect(
      (await chooser.searchPage(search("key", { pageSize: 1 }), testAttempt({ caller }))).kind,
    ).toBe("page");
    expect(
      await chooser.searchPage(
        search("key", { pageSize: 1, continuation: "1" }),
        testAttempt({ caller }),
      ),
    ).toEqual({
      kind: "stale_continuation",
    });
    await chooser.getDocument(
      { collectionId: "docs", documentId: "alpha" },
      testAttempt({ caller }),
    );
    expect(asked).toEqual(["search", "search", "document"]);
  });

  it("checks readers: a listed collection is forbidden to others, an unlisted one open", async () => {
    const backend = memoryBackend({
      collections: { docs: documents, private: documents },
      readers: { private: ["admin-token"] },
    });
    const as = (token: string) => testAttempt({ caller: { token } });
    expect((await backend.searchPage(search("key"), as("reader-token"))).kind).toBe("page");
    expect(
      await backend.searchPage(search("key", { collectionId: "private" }), as("reader-token")),
    ).toMatchObject({
      kind: "forbidden",
    });
    expect(
      (await backend.searchPage(search("key", { collectionId: "private" }), as("admin-token")))
        .kind,
    ).toBe("page");
    expect((await backend.searchPage(search("key"), as("stranger-token"))).kind).toBe("page");
    const refused = await backend.getDocument(
      { collectionId: "private", documentId: "alpha" },
      as("stranger-token"),
    );
    expect(refused).toMatchObject({ kind: "forbidden" });
    expect(JSON.stringify(refused)).not.toContain("stranger-token");
    const byHeader = testAttempt({ caller: { headers: { Authorization: "Bearer admin-token" } } });
    expect(
      (await backend.searchPage(search("key", { collectionId: "private" }), byHeader)).kind,
    ).toBe("page");
  });

  it("answers delayMs late, and rejects with the signal's reason the moment it fires", async () => {
    const backend = memoryBackend({ collections: { docs: documents }, delayMs: 60 });
    const started = Date.now();
    expect((await backend.searchPage(search("key"), testAttempt({ caller }))).kind).toBe("page");
    expect(Date.now() - started).toBeGreaterThanOrEqual(55);
    const controller = new AbortController();
    const pending = backend.searchPage(
      search("key"),
      testAttempt({ caller, signal: controller.signal }),
    );
    const reason = new Error("caller gave up");
    controller.abort(reason);
    await expect(pending).rejects.toBe(reason);
  });

  it("hangs until aborted, or forever when told to ignore its signal", async () => {
    const hanging = memoryBackend({ collections: { docs: documents }, hang: "until-aborted" });
    const timedOut = hanging.searchPage(search("key"), testAttempt({ caller, timeoutMs: 30 }));
    await expect(timedOut).rejects.toMatchObject({ name: "TimeoutError" });
    const deaf = memoryBackend({ collections: { docs: documents }, hang: "forever" });
    const never = deaf.getDocument(
      { collectionId: "docs", documentId: "alpha" },
      testAttempt({ caller, timeoutMs: 10 }),
    );
    const outcome = await Promise.race([
      never.then(() => "settled"),
      new Promise((resolve) => setTimeout(resolve, 80, "hung")),
    ]);
    expect(outcome).toBe("hung");
  });
});
