// A port, test for test, of LangChain's tool conformance suite: ToolsUnitTests and
// ToolsIntegrationTests of the Python `langchain-tests` package (libs/standard-tests, there is no
// JS package). Python's sync and async entry points map to the two JS ones a harness uses:
// `invoke` (sync) and `batch` (async, through the Runnable's batch path).
import { ToolMessage } from "@langchain/core/messages";
import type { StructuredToolInterface, ToolRunnableConfig } from "@langchain/core/tools";
import { Validator } from "@langchain/core/utils/json_schema";
import { describe, expect, it, vi } from "vitest";

export type UnitTestName =
  | "test_no_overrides_DO_NOT_OVERRIDE"
  | "test_init"
  | "test_init_from_env"
  | "test_has_name"
  | "test_has_input_schema"
  | "test_input_schema_matches_invoke_params";

export type IntegrationTestName =
  | "test_no_overrides_DO_NOT_OVERRIDE"
  | "test_invoke_matches_output_schema"
  | "test_async_invoke_matches_output_schema"
  | "test_invoke_no_tool_call"
  | "test_async_invoke_no_tool_call";

export interface ToolsTestsOptions<Name extends string> {
  /** The tool, or a constructor called with `toolConstructorParams`. */
  toolConstructor:
    | StructuredToolInterface
    | ((params: Record<string, unknown>) => StructuredToolInterface);
  toolConstructorParams?: Record<string, unknown>;
  /** The `args` of an example tool call (not a ToolCall). */
  toolInvokeParamsExample?: Record<string, unknown>;
  /** Env vars, constructor params, and the attributes expected of a tool built under those vars. */
  initFromEnvParams?: [Record<string, string>, Record<string, unknown>, Record<string, unknown>];
  /** The port of `@pytest.mark.xfail(reason=...)`: tests expected to fail, each with its reason. */
  expectedFailures?: Partial<Record<Name, string>>;
  /**
   * Not in the Python suite: the config every invocation carries. A tool that reads its caller
   * per run (`{ configurable: { caller } }`) needs it; the suite itself invokes with none.
   */
  invokeConfig?: ToolRunnableConfig;
}

const unitTests: readonly UnitTestName[] = [
  "test_no_overrides_DO_NOT_OVERRIDE",
  "test_init",
  "test_init_from_env",
  "test_has_name",
  "test_has_input_schema",
  "test_input_schema_matches_invoke_params",
];
const integrationTests: readonly IntegrationTestName[] = [
  "test_no_overrides_DO_NOT_OVERRIDE",
  "test_invoke_matches_output_schema",
  "test_async_invoke_matches_output_schema",
  "test_invoke_no_tool_call",
  "test_async_invoke_no_tool_call",
];

function build<Name extends string>(options: ToolsTestsOptions<Name>): StructuredToolInterface {
  const { toolConstructor, toolConstructorParams = {} } = options;
  if (typeof toolConstructor !== "function") {
    if (Object.keys(toolConstructorParams).length > 0) {
      throw new Error("If toolConstructor is a tool, toolConstructorParams must be empty");
    }
    return toolConstructor;
  }
  return toolConstructor(toolConstructorParams);
}

/** Registers each test, as `it.fails` where an expected failure gives a reason. */
function register<Name extends string>(
  names: readonly Name[],
  options: ToolsTestsOptions<Name>,
  bodies: Record<Exclude<Name, "test_no_overrides_DO_NOT_OVERRIDE">, () => unknown>,
) {
  it("test_no_overrides_DO_NOT_OVERRIDE", () => {
    // Python checks no standard test was deleted or overridden without an xfail reason; here the
    // only way to change one is `expectedFailures`, so: every name is standard, every reason given.
    for (const [name, reason] of Object.entries(options.expectedFailures ?? {})) {
      expect(names).toContain(name);
      expect(String(reason).trim()).not.toBe("");
    }
    expect(Object.keys(bodies).sort()).toEqual(
      names.filter((name) => name !== "test_no_overrides_DO_NOT_OVERRIDE").sort(),
    );
  });
  for (const [name, body] of Object.entries(bodies) as [Name, () => unknown][]) {
    const reason = options.expectedFailures?.[name];
    if (reason) it.fails(`${name} (expected to fail: ${reason})`, body as () => Promise<void>);
    else it(name, body as () => Promise<void>);
  }
}

/** ToolsUnitTests: construction and the declared input schema. */
export function toolsUnitTests(title: string, options: ToolsTestsOptions<UnitTestName>): void {
  describe(`ToolsUnitTests: ${title}`, () => {
    register(unitTests, options, {
      test_init: () => {
        expect(build(options)).toBeTruthy();
      },
      test_init_from_env: () => {
        const [env, params, expectedAttrs] = options.initFromEnvParams ?? [{}, {}, {}];
        if (Object.keys(env).length === 0) return;
        for (const [name, value] of Object.entries(env)) vi.stubEnv(name, value);
        try {
          const tool = build({ ...options, toolConstructorParams: params });
          expect(tool).toBeTruthy();
          for (const [key, expected] of Object.entries(expectedAttrs)) {
            expect((tool as unknown as Record<string, unknown>)[key]).toEqual(expected);
          }
        } finally {
          vi.unstubAllEnvs();
        }
      },
      test_has_name: () => {
        expect(build(options).name).toBeTruthy();
      },
      test_has_input_schema: () => {
        expect(build(options).schema).toBeTruthy();
      },
      test_input_schema_matches_invoke_params: () => {
        // LangChain's own JSON-schema validator, as a tool's invoke applies it.
        const validator = new Validator(build(options).schema as never);
        const result = validator.validate(options.toolInvokeParamsExample ?? {});
        expect(result.errors).toEqual([]);
        expect(result.valid).toBe(true);
      },
    });
  });
}

/** ToolsIntegrationTests: what invoking the tool returns, with and without a ToolCall. */
export function toolsIntegrationTests(
  title: string,
  options: ToolsTestsOptions<IntegrationTestName>,
): void {
  const args = options.toolInvokeParamsExample ?? {};
  const toolCall = (tool: StructuredToolInterface) => ({
    name: tool.name,
    args,
    id: "123",
    type: "tool_call" as const,
  });
  const checkToolMessage = (tool: StructuredToolInterface, result: unknown) => {
    expect(ToolMessage.isInstance(result)).toBe(true);
    const message = result as ToolMessage;
    if ((tool as { responseFormat?: string }).responseFormat === "content_and_artifact") {
      // The artifact can be anything, except none.
      expect(message.artifact).not.toBeUndefined();
      expect(message.artifact).not.toBeNull();
    }
    // Valid ToolMessage content: a string, or blocks that are strings or objects.
    if (Array.isArray(message.content)) {
      for (const block of message.content) expect(["string", "object"]).toContain(typeof block);
    } else {
      expect(typeof message.content).toBe("string");
    }
  };
  const call = (tool: StructuredToolInterface) =>
    tool as unknown as {
      invoke: (input: unknown, config?: ToolRunnableConfig) => Promise<unknown>;
      batch: (inputs: unknown[], config?: ToolRunnableConfig) => Promise<unknown[]>;
    };
  describe(`ToolsIntegrationTests: ${title}`, () => {
    register(integrationTests, options, {
      test_invoke_matches_output_schema: async () => {
        const tool = build(options);
        checkToolMessage(tool, await call(tool).invoke(toolCall(tool), options.invokeConfig));
      },
      test_async_invoke_matches_output_schema: async () => {
        const tool = build(options);
        const [result] = await call(tool).batch([toolCall(tool)], options.invokeConfig);
        checkToolMessage(tool, result);
      },
      test_invoke_no_tool_call: async () => {
        // Without a ToolCall the tool may return anything, but must not throw.
        const tool = build(options);
        await call(tool).invoke(args, options.invokeConfig);
      },
      test_async_invoke_no_tool_call: async () => {
        const tool = build(options);
        await call(tool).batch([args], options.invokeConfig);
      },
    });
  });
}
