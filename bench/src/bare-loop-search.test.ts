import { describe, expect, it } from "vitest";
import { bareLoopSearch } from "./bare-loop-search.ts";

describe("bareLoopSearch", () => {
  it("asks the first page of every collection at once and keeps the best 8 by score", async () => {
    const asked: string[] = [];
    let inFlight = 0;
    let mostInFlight = 0;
    const fetch = (async (url: string) => {
      asked.push(url);
      inFlight += 1;
      mostInFlight = Math.max(mostInFlight, inFlight);
      await new Promise((resolve) => setTimeout(resolve, 5));
      inFlight -= 1;
      const collection = /collections\/([^/]+)\//.exec(url)?.[1] ?? "";
      if (collection === "empty") return new Response('{"error":"no_match"}', { status: 404 });
      const base = collection === "a" ? 0.5 : 0.4;
      const items = Array.from({ length: 6 }, (_, index) => ({
        document_id: `${collection}-${index}`,
        section: index,
        score: base - index / 100,
      }));
      return new Response(JSON.stringify({ items, has_more: true }));
    }) as typeof globalThis.fetch;
    const record = await bareLoopSearch(
      {
        baseUrl: "http://docs.test",
        areas: { one: ["a", "empty"], two: ["b"] },
        headers: { authorization: "Bearer t" },
        fetch,
      },
      { query: "deploy now" },
    );
    expect(mostInFlight).toBe(3);
    expect(asked).toContain(
      "http://docs.test/v2/collections/a/documents/search?query=deploy%20now&page_size=20&sort=relevance",
    );
    expect(record.targets.map((target) => target.docId)).toEqual([
      "a-0",
      "a-1",
      "a-2",
      "a-3",
      "a-4",
      "a-5",
      "b-0",
      "b-1",
    ]);
    expect(record.targets[1]?.section).toBe(1);
    expect(record.requests).toHaveLength(3);
    expect(record.recordsFetched).toBe(12);
    expect(record.moreMatchesExist).toBe(true);
  });
});
