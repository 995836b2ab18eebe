import { InvalidInputError } from "@search-docs/core";
import { createTestDocsSearch, fakeDocsServiceFixture } from "@search-docs/core/testing";
import { generateText, isStepCount, streamText } from "ai";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { scriptedModel } from "./__fixtures__/scripted-model.js";
import { docsTools } from "./docs-tools.js";

const fake = fakeDocsServiceFixture();
beforeAll(fake.start);
afterAll(fake.close);
afterEach(fake.reset);

const sentence = (tool: string) =>
  `${tool} needs the end user's credentials (a caller with a non-empty token or headers): pass ` +
  `toolsContext: { ${tool}: { caller: { token } } } to generateText/streamText, or build the ` +
  "tools per request with docsTools(docs, { caller }).";

const noCredentials = [
  ["no toolsContext", undefined],
  ["caller: {}", { caller: {} }],
  ['caller: { token: "" }', { caller: { token: "" } }],
  ["caller: { headers: {} }", { caller: { headers: {} } }],
] as const;

const searching = () =>
  scriptedModel([
    { toolCalls: [{ toolName: "search_docs", input: { query: "vpn" } }] },
    { text: "done" },
  ]);

/** The InvalidInputError an AI SDK error carries (the SDK wraps a failed context check). */
function docsError(error: unknown): InvalidInputError | undefined {
  for (let each = error; each; each = (each as { cause?: unknown }).cause) {
    if (InvalidInputError.isInstance(each)) return each;
  }
  return undefined;
}

describe("missing or empty credentials: one sentence naming the fix, thrown to the app", () => {
  it.each(noCredentials.slice(1))("a fixed %s: thrown when the tools are built", (_, context) => {
    const docs = createTestDocsSearch(fake.service);
    expect(() => docsTools(docs, { caller: context?.caller as never })).toThrow(
      sentence("search_docs"),
    );
  });

  it.each(noCredentials)(
    "generateText with %s: rejects, the model never hears of it",
    async (_, context) => {
      const model = searching();
      const failure = await generateText({
        model,
        tools: docsTools(createTestDocsSearch(fake.service)),
        prompt: "vpn?",
        stopWhen: isStepCount(3),
        ...(context ? { toolsContext: { search_docs: context, get_document: context } } : {}),
      } as never).then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(docsError(failure)?.message).toBe(sentence("search_docs"));
      expect(docsError(failure)?.field).toBe("caller");
      expect(String(failure)).toContain(sentence("search_docs"));
      // The model was asked once and never saw a tool result about it.
      expect(model.doGenerateCalls).toHaveLength(1);
      expect(fake.service.requests).toHaveLength(0);
    },
  );

  it.each(noCredentials)(
    "streamText with %s: the stream fails, the model never hears of it",
    async (_, context) => {
      const model = searching();
      const errors: unknown[] = [];
      const result = streamText({
        model,
        tools: docsTools(createTestDocsSearch(fake.service)),
        prompt: "vpn?",
        stopWhen: isStepCount(3),
        onError: ({ error }: { error: unknown }) => void errors.push(error),
        ...(context ? { toolsContext: { search_docs: context, get_document: context } } : {}),
      } as never);
      await result.consumeStream();
      expect(errors.map((error) => docsError(error)?.message)).toEqual([sentence("search_docs")]);
      expect(model.doStreamCalls).toHaveLength(1);
      expect(fake.service.requests).toHaveLength(0);
    },
  );

  it("a caller in toolsContext: each call reads as that user", async () => {
    const caller = { token: fake.service.tokens.runbooksOnly };
    await generateText({
      model: searching(),
      tools: docsTools(createTestDocsSearch(fake.service)),
      prompt: "vpn?",
      stopWhen: isStepCount(3),
      toolsContext: { search_docs: { caller }, get_document: { caller } },
    });
    expect(fake.service.requests.length).toBeGreaterThan(0);
    expect(fake.service.requests.every((request) => request.token === caller.token)).toBe(true);
  });
});
