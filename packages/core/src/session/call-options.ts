/** What each tool call brings, unchecked: the tools validate `caller` before any request. */
export interface CallOptions {
  /** The end user's credentials: required on every call, never stored. */
  caller: unknown;
  signal?: AbortSignal | undefined;
  /** The framework's id of this tool call (the model's tool call id), for the span. */
  toolCallId?: string | undefined;
}
