/** What each tool call brings, unchecked: the tools validate `caller` before any request. */
export interface CallOptions {
  /** The end user's credentials: required on every call, never stored. */
  caller: unknown;
  signal?: AbortSignal | undefined;
}
