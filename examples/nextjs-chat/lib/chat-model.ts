import type { LanguageModel } from "ai";
import { createScriptedModel } from "./scripted-model";

/** The model the route talks to, and how the page names it. */
export interface ChatModel {
  model: LanguageModel;
  description: string;
}

/**
 * A real provider when its key is set (OPENAI_API_KEY first, then ANTHROPIC_API_KEY; the model id
 * from OPENAI_MODEL or ANTHROPIC_MODEL), else the scripted model, so the example runs offline.
 * The provider packages are optional dependencies, loaded only when their key is set.
 */
export async function chatModel(
  environment: Record<string, string | undefined> = process.env,
): Promise<ChatModel> {
  if (environment.OPENAI_API_KEY) {
    const modelId = environment.OPENAI_MODEL || "gpt-5.4-mini";
    const { createOpenAI } = await importProvider(() => import("@ai-sdk/openai"), "@ai-sdk/openai");
    const openai = createOpenAI({ apiKey: environment.OPENAI_API_KEY });
    return { model: openai(modelId), description: `OpenAI ${modelId}` };
  }
  if (environment.ANTHROPIC_API_KEY) {
    const modelId = environment.ANTHROPIC_MODEL || "claude-haiku-4-5";
    const { createAnthropic } = await importProvider(
      () => import("@ai-sdk/anthropic"),
      "@ai-sdk/anthropic",
    );
    const anthropic = createAnthropic({ apiKey: environment.ANTHROPIC_API_KEY });
    return { model: anthropic(modelId), description: `Anthropic ${modelId}` };
  }
  return {
    model: createScriptedModel(),
    description:
      "the scripted offline model (set OPENAI_API_KEY or ANTHROPIC_API_KEY for a real one)",
  };
}

async function importProvider<Module>(load: () => Promise<Module>, name: string): Promise<Module> {
  try {
    return await load();
  } catch (error) {
    throw new Error(`The API key of ${name} is set but the package is missing: pnpm add ${name}`, {
      cause: error,
    });
  }
}
