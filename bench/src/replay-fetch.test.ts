import { type FakeDocsService, startFakeDocsService } from "@search-docs/core/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createReplayFetch } from "./replay-fetch.ts";

describe("createReplayFetch", () => {
  let service: FakeDocsService;
  beforeAll(async () => {
    service = await startFakeDocsService();
  });
  afterAll(async () => {
    await service.close();
  });

  it("asks the service once per URL and answers the same after that", async () => {
    const replay = createReplayFetch();
    const url = `${service.url}/v2/collections/${service.areas.runbooks?.[0]}/documents/search?query=deploy`;
    const init = { headers: { authorization: `Bearer ${service.tokens.everything}` } };
    const first = await replay.fetch(url, init);
    const firstBody = await first.json();
    const second = await replay.fetch(new Request(url, init));
    expect(second.status).toBe(first.status);
    expect(second.headers.get("content-type")).toBe(first.headers.get("content-type"));
    expect(await second.json()).toEqual(firstBody);
    expect(replay.misses).toBe(1);
    expect(service.requests).toHaveLength(1);
  });
});
