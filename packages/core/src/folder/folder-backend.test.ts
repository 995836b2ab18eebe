import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { AttemptDetails, BackendAttempt, PageOutcome } from "../backend/search-backend.js";
import { defaultLimits, type Limits } from "../limits.js";
import { type FolderBackend, folderBackend } from "./folder-backend.js";
import { folderAreas } from "./folder-collections.js";
import { indexFolder } from "./index-folder.js";
import { toMarkdown } from "./to-markdown.js";

let work: string;
let root: string;
let indexPath: string;
const opened: FolderBackend[] = [];

function attempt(
  overrides: Partial<Limits> = {},
  signal = new AbortController().signal,
): BackendAttempt & { details: AttemptDetails[] } {
  const details: AttemptDetails[] = [];
  // The folder needs no credentials: a backend that so much as reads the caller fails the test.
  const caller = new Proxy(
    { token: "local" },
    {
      get() {
        throw new Error("the folder backend read the caller");
      },
    },
  );
  return {
    caller,
    signal,
    limits: { ...defaultLimits, ...overrides },
    timeLeftMs: () => 5000,
    annotate: (detail) => details.push(detail),
    details,
  };
}

function write(path: string, text: string): void {
  mkdirSync(join(root, path, ".."), { recursive: true });
  writeFileSync(join(root, path), text);
}

async function indexed(
  options: Parameters<typeof folderBackend>[0] = { root, indexPath },
): Promise<FolderBackend> {
  await indexFolder({ root: options.root, indexPath: options.indexPath ?? indexPath });
  const backend = folderBackend({ autoIndex: false, ...options });
  opened.push(backend);
  return backend;
}

beforeEach(() => {
  work = mkdtempSync(join(tmpdir(), "search-docs-folder-"));
  root = join(work, "docs");
  indexPath = join(work, "index.sqlite");
  write(
    "runbooks/key-rotation.md",
    toMarkdown({
      title: "Key rotation",
      updated: "2026-05-04",
      sections: [
        {
          heading: "When to rotate",
          body: "Rotate the signing key every 90 days or after a leak.",
        },
        { heading: "Steps", body: "Create the new key, deploy it, then revoke the old key." },
        { heading: "Rollback", body: "Restore the previous key from the vault." },
      ],
    }),
  );
  write(
    "runbooks/deep/disk-full.md",
    "# Disk full\n\nFree space on the volume before resizing it.\n",
  );
  write("policies/travel.md", "# Travel policy\n\nBook trains under four hours.\n");
  write("README.md", "# Docs home\n\nStart here for runbooks and policies.\n");
});

afterEach(() => {
  for (const backend of opened.splice(0)) backend.close();
  rmSync(work, { recursive: true, force: true });
});

describe("folderBackend searchPage", () => {
  it("finds sections, naming documents by their path below the collection's folder", async () => {
    const backend = await indexed();
    const outcome = await backend.searchPage(
      {
        collectionId: "runbooks",
        query: "how do I rotate the signing key?",
        pageSize: 20,
        continuation: undefined,
      },
      attempt(),
    );
    expect(outcome.kind).toBe("page");
    const hits = outcome.kind === "page" ? outcome.hits : [];
    expect(hits[0]).toMatchObject({
      documentId: "key-rotation.md",
      slug: "key-rotation",
      title: "Key rotation",
      section: "1",
      updated: "2026-05-04",
    });
    expect(hits[0]?.snippet).toContain("signing key");
    expect(hits.every((hit) => hit.score > 0)).toBe(true);
    const deep = await backend.searchPage(
      { collectionId: "runbooks", query: "volume space", pageSize: 20, continuation: undefined },
      attempt(),
    );
    expect(deep.kind === "page" && deep.hits[0]).toMatchObject({
      documentId: "deep/disk-full.md",
      slug: "deep/disk-full",
    });
  });

  it("keeps each collection to its folder; '.' is the files at the root", async () => {
    const backend = await indexed();
    const search = (collectionId: string, query: string) =>
      backend.searchPage({ collectionId, query, pageSize: 20, continuation: undefined }, attempt());
    expect((await search("policies", "rotate key")).kind).toBe("no_match");
    expect(await search(".", "start here")).toMatchObject({
      kind: "page",
      hits: [{ documentId: "README.md" }],
    });
    expect((await search(".", "rotate key")).kind).toBe("no_match");
    expect(folderAreas({ root })).toEqual({
      docs: ["."],
      policies: ["policies"],
      runbooks: ["runbooks"],
    });
  });

  it("answers query syntax and punctuation as text: a page or no_match, never a failure", async () => {
    const backend = await indexed();
    for (const query of [
      "a:b OR (c",
      '"',
      "*",
      "-",
      "key*",
      "NEAR(key vault)",
      "title:key",
      "-rotate",
    ]) {
      const outcome = await backend.searchPage(
        { collectionId: "runbooks", query, pageSize: 20, continuation: undefined },
        attempt(),
      );
      expect(["page", "no_match"]).toContain(outcome.kind);
    }
  });

  it("walks pages with a continuation, and says stale when the index was swapped under it", async () => {
    for (let index = 0; index < 12; index++)
      write(`runbooks/page-${index}.md`, `# Page ${index}\n\nkey material ${index}\n`);
    const backend = await indexed();
    const seen: string[] = [];
    let continuation: string | undefined;
    let outcome: PageOutcome;
    // Every page of one walk carries the index build it read, so core can tell a walk was cut.
    const versions = new Set<string | undefined>();
    do {
      outcome = await backend.searchPage(
        { collectionId: "runbooks", query: "key", pageSize: 5, continuation },
        attempt(),
      );
      if (outcome.kind !== "page") throw new Error(`expected a page, got ${outcome.kind}`);
      expect(outcome.hits.length).toBeLessThanOrEqual(5);
      seen.push(...outcome.hits.map((hit) => `${hit.documentId}#${hit.section}`));
      versions.add(outcome.version);
      // Without a next page the walk would start over at page one, never ending.
      if (outcome.more && outcome.next === undefined) throw new Error("more, but no next page");
      continuation = outcome.next;
    } while (outcome.more);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toHaveLength(12 + 3);
    expect(versions.size).toBe(1);
    expect(typeof [...versions][0]).toBe("string");
    const first = await backend.searchPage(
      { collectionId: "runbooks", query: "key", pageSize: 5, continuation: undefined },
      attempt(),
    );
    write("runbooks/new.md", "# New\n\nkey\n");
    await indexFolder({ root, indexPath });
    const next = first.kind === "page" ? first.next : undefined;
    expect(
      (
        await backend.searchPage(
          { collectionId: "runbooks", query: "key", pageSize: 5, continuation: next },
          attempt(),
        )
      ).kind,
    ).toBe("stale_continuation");
    expect(
      await backend.searchPage(
        { collectionId: "runbooks", query: "key", pageSize: 5, continuation: "forged" },
        attempt(),
      ),
    ).toMatchObject({ kind: "failed", cause: "rejected" });
  });

  it("reads the new index after a swap, without a restart", async () => {
    const backend = await indexed();
    const before = folderBackend({ root, indexPath, autoIndex: false });
    opened.push(before);
    expect(
      (
        await before.searchPage(
          { collectionId: "policies", query: "ferry", pageSize: 20, continuation: undefined },
          attempt(),
        )
      ).kind,
    ).toBe("no_match");
    write("policies/ferry.md", "# Ferry\n\nTake the ferry.\n");
    await indexFolder({ root, indexPath });
    expect(
      await backend.searchPage(
        { collectionId: "policies", query: "ferry", pageSize: 20, continuation: undefined },
        attempt(),
      ),
    ).toMatchObject({ kind: "page", hits: [{ documentId: "ferry.md" }] });
  });

  it("orders by date when asked for recent documents", async () => {
    write("runbooks/old.md", "---\nupdated: 2020-01-01\n---\n# Old\n\nkey\n");
    write("runbooks/new.md", "---\nupdated: 2030-01-01\n---\n# New\n\nkey\n");
    const backend = await indexed();
    const outcome = await backend.searchPage(
      {
        collectionId: "runbooks",
        query: "key",
        pageSize: 20,
        continuation: undefined,
        prefer: "recent",
      },
      attempt(),
    );
    const hits = outcome.kind === "page" ? outcome.hits : [];
    expect(hits[0]?.updated).toBe("2030-01-01");
    // Scores fall in the order hits come, by date here, as on every page.
    const scores = hits.map((hit) => hit.score);
    expect(scores).toEqual([...scores].sort((left, right) => right - left));
  });
});

describe("folderBackend failures", () => {
  it("a collection that is not a folder of the root is misconfigured, never no_match", async () => {
    const backend = await indexed();
    for (const collectionId of [
      "missing",
      "../docs",
      "runbooks/deep",
      ".hidden",
      "README.md",
      "",
    ]) {
      expect(
        await backend.searchPage(
          { collectionId, query: "key", pageSize: 20, continuation: undefined },
          attempt(),
        ),
      ).toMatchObject({ kind: "failed", cause: "misconfigured" });
    }
    const mapped = folderBackend({
      root,
      indexPath,
      autoIndex: false,
      collections: { ops: "runbooks/deep" },
    });
    opened.push(mapped);
    expect(
      await mapped.searchPage(
        { collectionId: "runbooks", query: "key", pageSize: 20, continuation: undefined },
        attempt(),
      ),
    ).toMatchObject({ kind: "failed", cause: "misconfigured" });
    expect(
      await mapped.searchPage(
        { collectionId: "ops", query: "volume", pageSize: 20, continuation: undefined },
        attempt(),
      ),
    ).toMatchObject({ kind: "page", hits: [{ documentId: "disk-full.md" }] });
  });

  it("a corrupt index file is a failure (malformed), not no_match", async () => {
    writeFileSync(indexPath, "not a database ".repeat(1000));
    const backend = folderBackend({ root, indexPath, autoIndex: false });
    opened.push(backend);
    const outcome = await backend.searchPage(
      { collectionId: "runbooks", query: "key", pageSize: 20, continuation: undefined },
      attempt(),
    );
    expect(outcome).toMatchObject({ kind: "failed", cause: "malformed" });
    expect(
      await backend.getDocument(
        { collectionId: "runbooks", documentId: "key-rotation.md" },
        attempt(),
      ),
    ).toMatchObject({ kind: "failed", cause: "malformed" });
  });

  it.skipIf(process.getuid?.() === 0)(
    "an unreadable index file is a failure, not no_match",
    async () => {
      const backend = await indexed();
      chmodSync(indexPath, 0o000);
      backend.close();
      const outcome = await backend.searchPage(
        { collectionId: "runbooks", query: "key", pageSize: 20, continuation: undefined },
        attempt(),
      );
      chmodSync(indexPath, 0o600);
      expect(outcome).toMatchObject({ kind: "failed", cause: "misconfigured" });
    },
  );

  it("an index path that cannot be opened (a folder in its place) is a failure, not no_match", async () => {
    mkdirSync(indexPath);
    const backend = folderBackend({ root, indexPath, autoIndex: false });
    opened.push(backend);
    expect(
      await backend.searchPage(
        { collectionId: "runbooks", query: "key", pageSize: 20, continuation: undefined },
        attempt(),
      ),
    ).toMatchObject({ kind: "failed", cause: "misconfigured" });
  });

  it("no index and no indexing is misconfigured; a first index being built is rebuilding", async () => {
    const idle = folderBackend({ root, indexPath, autoIndex: false });
    opened.push(idle);
    expect(
      await idle.searchPage(
        { collectionId: "runbooks", query: "key", pageSize: 20, continuation: undefined },
        attempt(),
      ),
    ).toMatchObject({ kind: "failed", cause: "misconfigured" });
    const building = folderBackend({ root, indexPath });
    opened.push(building);
    expect(
      await building.searchPage(
        { collectionId: "runbooks", query: "key", pageSize: 20, continuation: undefined },
        attempt(),
      ),
    ).toMatchObject({ kind: "rebuilding" });
    await building.refresh();
    expect(
      await building.searchPage(
        { collectionId: "runbooks", query: "key", pageSize: 20, continuation: undefined },
        attempt(),
      ),
    ).toMatchObject({ kind: "page" });
    expect(building.lastIndex()).toMatchObject({ files: 4 });
  });

  it("a root that does not exist is misconfigured once indexing fails", async () => {
    const backend = folderBackend({ root: join(work, "nowhere"), indexPath });
    opened.push(backend);
    await expect(backend.refresh()).rejects.toThrow(/does not exist/);
    expect(
      await backend.searchPage(
        { collectionId: "runbooks", query: "key", pageSize: 20, continuation: undefined },
        attempt(),
      ),
    ).toMatchObject({ kind: "failed", cause: "misconfigured" });
  });

  it("does no work once the attempt's signal has fired", async () => {
    const backend = await indexed();
    const controller = new AbortController();
    controller.abort();
    expect(
      await backend.searchPage(
        { collectionId: "runbooks", query: "key", pageSize: 20, continuation: undefined },
        attempt({}, controller.signal),
      ),
    ).toMatchObject({ kind: "transient" });
  });
});

describe("folderBackend getDocument", () => {
  it("reads a document's sections in order, section numbers as search names them", async () => {
    const backend = await indexed();
    const outcome = await backend.getDocument(
      { collectionId: "runbooks", documentId: "key-rotation.md" },
      attempt(),
    );
    expect(outcome).toEqual({
      kind: "document",
      document: {
        title: "Key rotation",
        updated: "2026-05-04",
        slug: "key-rotation",
        sections: [
          {
            section: "1",
            heading: "When to rotate",
            text: "Rotate the signing key every 90 days or after a leak.",
          },
          {
            section: "2",
            heading: "Steps",
            text: "Create the new key, deploy it, then revoke the old key.",
          },
          { section: "3", heading: "Rollback", text: "Restore the previous key from the vault." },
        ],
      },
    });
  });

  it("is not_found for ids no hit could carry, and for other collections' files", async () => {
    const backend = await indexed();
    for (const documentId of [
      "missing.md",
      "../policies/travel.md",
      "/etc/passwd",
      "deep/../key-rotation.md",
      "",
    ]) {
      expect(
        await backend.getDocument({ collectionId: "runbooks", documentId }, attempt()),
      ).toEqual({ kind: "not_found" });
    }
    expect(
      await backend.getDocument(
        { collectionId: ".", documentId: "runbooks/key-rotation.md" },
        attempt(),
      ),
    ).toEqual({
      kind: "not_found",
    });
  });

  it("a document over limits.documentSections is too_large", async () => {
    const backend = await indexed();
    expect(
      await backend.getDocument(
        { collectionId: "runbooks", documentId: "key-rotation.md" },
        attempt({ documentSections: 2 }),
      ),
    ).toMatchObject({ kind: "failed", cause: "too_large" });
  });
});
