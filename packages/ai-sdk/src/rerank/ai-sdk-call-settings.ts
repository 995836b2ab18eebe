import type { rerank } from "ai";

/** How the AI SDK is called on the reranker's behalf; the same for `rerank()` and `embedMany()`. */
export interface AiSdkCallSettings {
  /** Retries inside the call's deadline; default 0: a failed rerank keeps the lexical order. */
  maxRetries?: number;
  providerOptions?: Parameters<typeof rerank>[0]["providerOptions"];
  headers?: Record<string, string>;
}

/** The settings as the AI SDK's call options, with the default of no retries. */
export function aiSdkCallSettings({
  maxRetries = 0,
  providerOptions,
  headers,
}: AiSdkCallSettings): AiSdkCallSettings & { maxRetries: number } {
  return {
    maxRetries,
    ...(providerOptions === undefined ? {} : { providerOptions }),
    ...(headers === undefined ? {} : { headers }),
  };
}
