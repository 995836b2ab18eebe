import { type FakeDocsService, startFakeDocsService } from "@search-docs/core/testing";
import { findRedisServer, type RedisServer, startRedisServer } from "@search-docs/test-servers";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { ChatMessage } from "../lib/chat-message";
import {
  documentOutputs,
  messageText,
  readAssistantMessage,
  searchOutputs,
} from "./read-chat-stream";
import { type NextServer, startNextServer } from "./start-next-server";

// CI (.ci/run sets SEARCH_DOCS_REQUIRE_REDIS=1) fails without redis-server; elsewhere it skips.
const redisRequired =
  process.env.SEARCH_DOCS_REQUIRE_REDIS === "1" ||
  !["", "0", "false"].includes(process.env.CI ?? "");
const redisMissing = findRedisServer() === undefined;
if (redisMissing && !redisRequired) {
  console.warn("[nextjs-chat] two-instance test skipped: install Debian's redis-server package");
}

describe.skipIf(redisMissing && !redisRequired)("two next start instances on one Redis", () => {
  let redis: RedisServer;
  let service: FakeDocsService;
  let first: NextServer;
  let second: NextServer;

  beforeAll(async () => {
    if (redisMissing) throw new Error("redis-server is not on PATH (CI requires it)");
    redis = await startRedisServer();
    service = await startFakeDocsService();
    const environment = {
      SEARCH_DOCS_BASE_URL: service.url,
      SEARCH_DOCS_AREAS: JSON.stringify(service.areas),
      SEARCH_DOCS_REDIS_URL: redis.url,
    };
    [first, second] = await Promise.all([
      startNextServer(environment),
      startNextServer(environment),
    ]);
  });

  afterAll(async () => {
    await Promise.all([first?.close(), second?.close()]);
    await service?.close();
    await redis?.stop();
  });

  const post = (app: NextServer, messages: ChatMessage[]) =>
    fetch(`${app.url}/api/chat`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        authorization: `Bearer ${service.tokens.everything}`,
      },
      body: JSON.stringify({ id: "two-instances", messages, trigger: "submit-message" }),
    });

  test("search_docs through one instance, get_document through the other", async () => {
    const question: ChatMessage = {
      id: crypto.randomUUID(),
      role: "user",
      parts: [{ type: "text", text: "How do I rotate a service account key?" }],
    };
    const answered = await readAssistantMessage(await post(first, [question]));
    const [search] = searchOutputs(answered);
    expect(search?.result.status).toBe("ok");
    const ref = search?.result.results[0]?.ref;
    expect(ref).toMatch(/^runbooks\/key-rotation/);

    // The conversation as it stood after the search, continued by the other instance: the model
    // then opens the best result there, with a ref only the first instance issued.
    const afterSearch: ChatMessage = {
      ...answered,
      parts: answered.parts.filter((part) => part.type === "tool-search_docs"),
    };
    service.clearRequests();
    const continued = await readAssistantMessage(await post(second, [question, afterSearch]));
    const [document] = documentOutputs(continued);
    expect(document?.result).toMatchObject({ status: "ok", ref });
    expect(document?.result.content).toContain("nwctl sa keys create");
    expect(messageText(continued)).toContain(`According to “${document?.result.title}”`);
    // The second instance searched nothing: it resolved the first one's ref through Redis.
    expect(service.requests.map((request) => request.kind)).toEqual(["document"]);
    expect(second.output()).toContain("get_document ok");
  });
});
