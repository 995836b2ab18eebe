import { type RedisServer, startRedisServer } from "@search-docs/test-servers";
import { afterAll, beforeAll, expect, it } from "vitest";
import { describeWithRedis } from "../__fixtures__/redis-for-tests.js";
import {
  type DocsSearchProcess,
  startDocsSearchProcess,
} from "../__fixtures__/start-docs-search-process.js";
import type { CorpusDocument } from "../testing/corpus-document.js";
import type { FakeDocsService } from "../testing/fake-docs-service.js";
import { startFakeDocsService } from "../testing/start-fake-docs-service.js";

// Two documents with one slug in one area: the second one to be minted gets a suffix.
const twin = (id: string, text: string): CorpusDocument => ({
  id,
  area: "runbooks",
  slug: "key-rotation",
  title: "Key rotation",
  updated: "2026-01-01",
  sections: [{ heading: "Steps", text }],
});
const corpus: CorpusDocument[] = [
  twin("twinaaaaaaaaaaaaaaaaaaaaaa", "Rotate the service account key with nwctl sa keys create."),
  twin("twinbbbbbbbbbbbbbbbbbbbbbb", "Rotate the database key with dbctl keys roll."),
  {
    id: "policyaaaaaaaaaaaaaaaaaaaa",
    area: "policies",
    slug: "key-policy",
    title: "Key policy",
    updated: "2026-01-01",
    sections: [{ heading: "Rule", text: "Keys are rotated every 90 days." }],
  },
];

describeWithRedis("refs across processes on one Redis", () => {
  let redis: RedisServer;
  let service: FakeDocsService;
  let searcher: DocsSearchProcess;
  let reader: DocsSearchProcess;

  beforeAll(async () => {
    redis = await startRedisServer();
    service = await startFakeDocsService({ corpus });
    const options = { baseUrl: service.url, areas: service.areas, redisUrl: redis.url };
    [searcher, reader] = await Promise.all([
      startDocsSearchProcess(options),
      startDocsSearchProcess(options),
    ]);
    // Three processes and a Redis server start here: slow on a machine shared with other work.
  }, 60_000);

  afterAll(async () => {
    await Promise.all([searcher?.close(), reader?.close()]);
    await service?.close();
    await redis?.stop();
  });

  it("search_docs in one process, get_document in another, a slug collision suffixed", async () => {
    expect(searcher.pid).not.toBe(reader.pid);
    const token = service.tokens.everything;
    const { output } = await searcher.search({ query: "rotate key", area: "runbooks" }, token);
    expect(output.status).toBe("ok");
    const refs = output.results.map((result) => result.ref);
    expect(refs).toHaveLength(2);
    expect(refs).toContain("runbooks/key-rotation#0");
    expect(refs.find((ref) => ref !== "runbooks/key-rotation#0")).toMatch(
      /^runbooks\/key-rotation-[a-z0-9]{1,5}#0$/,
    );

    const contents = new Set<string>();
    for (const ref of refs) {
      const { output: document, trace } = await reader.getDocument({ ref }, token);
      expect(document).toMatchObject({ status: "ok", ref });
      contents.add(document.content ?? "");
      expect(trace.requests).toHaveLength(1);
    }
    expect([...contents].join(" ")).toContain("nwctl sa keys create");
    expect([...contents].join(" ")).toContain("dbctl keys roll");

    // The reader searching the same gets the same refs: the store, not the order, decides.
    const again = await reader.search({ query: "rotate key", area: "runbooks" }, token);
    expect(again.output.results.map((result) => result.ref).sort()).toEqual([...refs].sort());
  });
});
