import type { rerank } from "ai";

/** How the AI SDK is called on the reranker's behalf; the same for `rerank()` and `embedMany()`. */
export interface AiSdkCallSettings {
  /** Retries inside the call's deadline; default 0: a failed rerank keeps the lexical order. */
  maxRetries?: number;
  providerOptions?: Parameters<typeof rerank>[0]["providerOptions"];
  headers?: Record<string, string>;
}

/**
 * A reranker's options split in two: the AI SDK call settings, as call options with the default of
 * no retries, and the rest (for core's ModelReranker).
 */
export function takeCallSettings<Options extends AiSdkCallSettings>({
  maxRetries = 0,
  providerOptions,
  headers,
  ...rest
}: Options): [
  settings: AiSdkCallSettings & { maxRetries: number },
  rest: Omit<Options, keyof AiSdkCallSettings>,
] {
  const settings = {
    maxRetries,
    ...(providerOptions === undefined ? {} : { providerOptions }),
    ...(headers === undefined ? {} : { headers }),
  };
  return [settings, rest];
}
