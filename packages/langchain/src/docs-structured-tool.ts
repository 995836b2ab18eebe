import { ToolMessage } from "@langchain/core/messages";
import { ensureConfig, mergeConfigs } from "@langchain/core/runnables";
import {
  DynamicStructuredTool,
  type StructuredToolCallInput,
  type ToolReturnType,
  type ToolRunnableConfig,
} from "@langchain/core/tools";
import {
  assertCaller,
  type Caller,
  type DocsResult,
  InvalidInputError,
  type ModelJsonSchema,
  modelJsonSchema,
  parseToolInput,
  type Trace,
} from "@search-docs/core";
import { callerFix, docsToolCaller } from "./docs-tool-caller.js";

export interface DocsToolOptions {
  /** The end user's credentials, when the tools are built per request. Omit to read them per call. */
  caller?: Caller | undefined;
  /** Providers' strict mode: every argument required, optional ones nullable. */
  strict?: boolean | undefined;
}

/** What rides beside the content on the ToolMessage (`message.artifact`); never sent to the model. */
export interface DocsToolArtifact {
  traceId: string;
  trace: Trace;
  /** Ref → docs portal URL, from core (empty without a `portalUrl`). */
  urls: Record<string, string>;
  /** The backend refused the caller's credentials (401): re-authenticate the user. */
  unauthorized: boolean;
}

/** content: exactly the contract JSON the model reads; artifact: what the app gets. */
export type DocsToolResult = [content: string, artifact: DocsToolArtifact];

/** One of core's input schemas (docs.searchInput, docs.documentInput), as core's functions take it. */
type CoreInputSchema = Parameters<typeof modelJsonSchema>[0];

interface DocsStructuredToolFields<Input, Name extends string> {
  name: Name;
  description: string;
  /** Core's schema of the arguments: the only check they get. */
  input: CoreInputSchema;
  options: DocsToolOptions;
  run: (
    input: Input,
    call: { caller: Caller; signal?: AbortSignal; toolCallId?: string | undefined },
  ) => Promise<DocsResult<unknown>>;
}

/**
 * A LangChain tool whose arguments core checks before LangChain does. Left to itself, LangChain
 * checks the JSON schema first and createAgent hands the model its failure with a stack trace,
 * server paths and every argument echoed (2,446 characters for `area: null`, which core accepts).
 * Here `invoke` asks core first: arguments core accepts go on in the form the schema describes,
 * so LangChain's own check always passes; arguments it refuses come back to the model as core's
 * one line in an error ToolMessage, the same bytes the AI SDK adapter sends.
 */
export class DocsStructuredTool<Input, Name extends string> extends DynamicStructuredTool<
  ModelJsonSchema,
  Input,
  Input,
  DocsToolResult,
  never,
  Name
> {
  readonly #input: CoreInputSchema;
  readonly #strict: boolean;
  readonly #fixedCaller: Caller | undefined;

  constructor({ name, description, input, options, run }: DocsStructuredToolFields<Input, Name>) {
    // A caller fixed at construction is checked now, in the app's code, not at the model's first call.
    if (options.caller !== undefined) assertCaller(options.caller, name, callerFix);
    const strict = options.strict === true;
    super({
      name,
      description,
      schema: modelJsonSchema(input, { strict }),
      // ChatAnthropic reads a tool's own strict flag here; ChatOpenAI takes it from the model
      // (supportsStrictToolCalling) and ignores it.
      ...(strict ? { extras: { strict: true } } : {}),
      responseFormat: "content_and_artifact",
      func: async (args, _runManager, config) => {
        const caller = docsToolCaller(name, options.caller, config);
        const { output, trace, urls, unauthorized } = await run(args, {
          caller,
          ...(config?.signal ? { signal: config.signal } : {}),
          toolCallId: (config as ToolRunnableConfig | undefined)?.toolCall?.id,
        });
        return [JSON.stringify(output), { traceId: trace.traceId, trace, urls, unauthorized }];
      },
    });
    this.#input = input;
    this.#strict = strict;
    this.#fixedCaller = options.caller;
  }

  override async invoke<
    TInput extends StructuredToolCallInput<ModelJsonSchema, Input>,
    TConfig extends ToolRunnableConfig | undefined,
  >(input: TInput, config?: TConfig): Promise<ToolReturnType<TInput, TConfig, DocsToolResult>> {
    const toolCall = isToolCall(input) ? input : undefined;
    // Missing credentials are the app's mistake: thrown, before the model's arguments are read.
    docsToolCaller(
      this.name,
      this.#fixedCaller,
      ensureConfig(mergeConfigs(this.defaultConfig, config)),
    );
    let accepted: Record<string, unknown>;
    try {
      accepted = parseToolInput(this.#input, this.name, toolCall ? toolCall.args : input);
    } catch (error) {
      if (!InvalidInputError.isInstance(error) || !toolCall?.id) throw error;
      // What the AI SDK shows the model for a thrown error: its name and message, one line.
      return new ToolMessage({
        status: "error",
        content: String(error),
        tool_call_id: toolCall.id,
        name: this.name,
      }) as ToolReturnType<TInput, TConfig, DocsToolResult>;
    }
    const args = this.#strict ? this.#withNulls(accepted) : accepted;
    return super.invoke((toolCall ? { ...toolCall, args } : args) as TInput, config);
  }

  /** Strict schemas require every property: what core read as omitted is sent on as null. */
  #withNulls(accepted: Record<string, unknown>): Record<string, unknown> {
    const filled: Record<string, unknown> = {};
    for (const name of Object.keys(this.schema.properties)) filled[name] = accepted[name] ?? null;
    return filled;
  }
}

function isToolCall(input: unknown): input is { type: "tool_call"; id?: string; args: unknown } {
  return (
    typeof input === "object" &&
    input !== null &&
    (input as { type?: unknown }).type === "tool_call"
  );
}
