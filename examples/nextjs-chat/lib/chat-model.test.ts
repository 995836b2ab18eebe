import type { LanguageModelV4 } from "@ai-sdk/provider";
import { describe, expect, test } from "vitest";
import { chatModel } from "./chat-model";

// Only which model is chosen: no request leaves the machine.
describe("chatModel", () => {
  test("is the scripted model without a provider key", async () => {
    const { model, description } = await chatModel({});
    expect((model as LanguageModelV4).modelId).toBe("scripted");
    expect(description).toContain("scripted");
  });

  test("is OpenAI with OPENAI_API_KEY, the model id from OPENAI_MODEL, before Anthropic", async () => {
    const { model, description } = await chatModel({
      OPENAI_API_KEY: "sk-test",
      OPENAI_MODEL: "gpt-5.4-nano",
      ANTHROPIC_API_KEY: "sk-ant-test",
    });
    expect((model as LanguageModelV4).provider).toMatch(/^openai/);
    expect((model as LanguageModelV4).modelId).toBe("gpt-5.4-nano");
    expect(description).toBe("OpenAI gpt-5.4-nano");
  });

  test("is Anthropic with ANTHROPIC_API_KEY alone", async () => {
    const { model, description } = await chatModel({ ANTHROPIC_API_KEY: "sk-ant-test" });
    expect((model as LanguageModelV4).provider).toMatch(/^anthropic/);
    expect(description).toBe("Anthropic claude-haiku-4-5");
  });
});
