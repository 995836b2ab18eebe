import { type Caller, InvalidInputError } from "@search-docs/core";
import { z } from "zod";

/** Per-request data the tools read: `agent.invoke(input, { context: { caller } })`. */
export interface DocsToolContext {
  caller: Caller;
}

/**
 * createAgent's `contextSchema` for per-request callers, so `context: { caller }` is typed and
 * checked: `createAgent({ model, tools, contextSchema: docsContextSchema })`.
 */
export const docsContextSchema = z.object({
  caller: z.union([
    z.object({ token: z.string() }),
    z.object({ headers: z.record(z.string(), z.string()) }),
  ]),
});

interface CallerSources {
  context?: unknown;
  configurable?: Record<string, unknown> | undefined;
}

/**
 * The caller of one call: fixed at construction, else the run's context (createAgent's
 * `context`), else `configurable.caller` (plain LangChain runnables). Missing everywhere is the
 * app's mistake, said in one sentence that names the fix.
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
  if (caller !== undefined) return caller;
  throw new InvalidInputError({
    field: "caller",
    message:
      `${toolName} needs the end user's credentials: build the tools with createDocsTools(docs, ` +
      "{ caller }), or pass { context: { caller } } (createAgent) or { configurable: { caller } } " +
      "when invoking.",
  });
}
