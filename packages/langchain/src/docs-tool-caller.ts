import { assertCaller, type Caller } from "@search-docs/core";
import { z } from "zod";

/** Per-request data the tools read: `agent.invoke(input, { context: { caller } })`. */
export interface DocsToolContext {
  caller: Caller;
}

/**
 * createAgent's `contextSchema` for per-request callers: `context: { caller }` is typed, and a
 * run without usable credentials is refused before anything runs, with the sentence naming the
 * fix. The check throws that error itself rather than reporting a zod issue: createAgent throws a
 * failed context check as the raw issue list, and zod passes a thrown error through unchanged.
 */
export const docsContextSchema = z.object({
  caller: z.custom<Caller>((caller) => {
    assertCaller(
      caller,
      "createAgent's context",
      "pass { context: { caller: { token } } } to agent.invoke or agent.stream",
    );
    return true;
  }),
});

interface CallerSources {
  context?: unknown;
  configurable?: Record<string, unknown> | undefined;
}

/**
 * The caller of one call: fixed at construction, else the run's context (createAgent's
 * `context`), else `configurable.caller` (plain LangChain runnables). None, or empty credentials,
 * is the app's mistake: the sentence naming the fix, thrown before any request.
 */
export function docsToolCaller(
  toolName: string,
  fixed: Caller | undefined,
  runtime: CallerSources | undefined,
): Caller {
  const caller =
    fixed ??
    (runtime?.context as Partial<DocsToolContext> | undefined)?.caller ??
    (runtime?.configurable?.caller as Caller | undefined);
  assertCaller(caller, toolName, callerFix);
  return caller;
}

/** How to give a LangChain tool its caller, in the words of the missing-credentials sentence. */
export const callerFix =
  "build the tools with createDocsTools(docs, { caller }), or pass { context: { caller } } " +
  "(createAgent, with contextSchema: docsContextSchema) or { configurable: { caller } } when invoking";
