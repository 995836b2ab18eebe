/** The wire formats the adapters' provider SDKs speak. */
export type ProviderFormat = "openai-responses" | "openai-chat" | "anthropic";

/** One model turn: call a tool with these arguments (their JSON value), or answer in text. */
export type ProviderTurn = { tool: string; arguments: unknown } | { text: string };

/** One request a provider SDK sent: where, and its JSON body. */
export interface ProviderRequest {
  url: string;
  body: Record<string, unknown>;
}

/** A tool result as the provider received it on the wire. */
export interface WireToolResult {
  text: string;
  /** Flagged as an error on the wire (Anthropic's `is_error`; the OpenAI formats have no flag). */
  isError: boolean;
}

export interface FakeProvider {
  /** Give it to the provider SDK (`fetch` option): it answers without any network. */
  fetch: typeof globalThis.fetch;
  /** Every request, in order. */
  requests: ProviderRequest[];
}

/**
 * A model provider's HTTP API played from a script, for a real provider SDK (`@ai-sdk/openai`,
 * `@langchain/anthropic`, …) to talk to: each request is recorded and answered with the next
 * turn, in the non-streaming response shape of `format`. Nothing leaves the process.
 */
export function fakeProvider(format: ProviderFormat, turns: readonly ProviderTurn[]): FakeProvider {
  const requests: ProviderRequest[] = [];
  const fetch = async (url: unknown, init?: RequestInit): Promise<Response> => {
    const body = JSON.parse(String(init?.body ?? "{}")) as Record<string, unknown>;
    requests.push({ url: String(url instanceof Request ? url.url : url), body });
    const turn = turns[requests.length - 1];
    if (!turn) return Response.json({ error: { message: "no turn scripted" } }, { status: 500 });
    return Response.json(reply(format, turn, requests.length, String(body.model ?? "model")));
  };
  return { fetch: fetch as typeof globalThis.fetch, requests };
}

function reply(format: ProviderFormat, turn: ProviderTurn, index: number, model: string) {
  const usage = { input_tokens: 1, output_tokens: 1 };
  if (format === "anthropic") {
    return {
      id: `msg_${index}`,
      type: "message",
      role: "assistant",
      model,
      content:
        "tool" in turn
          ? [{ type: "tool_use", id: `toolu_${index}`, name: turn.tool, input: turn.arguments }]
          : [{ type: "text", text: turn.text }],
      stop_reason: "tool" in turn ? "tool_use" : "end_turn",
      stop_sequence: null,
      usage,
    };
  }
  if (format === "openai-responses") {
    return {
      id: `resp_${index}`,
      object: "response",
      created_at: 0,
      status: "completed",
      model,
      error: null,
      incomplete_details: null,
      output:
        "tool" in turn
          ? [
              {
                type: "function_call",
                id: `fc_${index}`,
                call_id: `call_${index}`,
                name: turn.tool,
                arguments: JSON.stringify(turn.arguments),
                status: "completed",
              },
            ]
          : [
              {
                type: "message",
                id: `msg_${index}`,
                role: "assistant",
                status: "completed",
                content: [{ type: "output_text", text: turn.text, annotations: [] }],
              },
            ],
      usage: {
        ...usage,
        total_tokens: 2,
        input_tokens_details: { cached_tokens: 0 },
        output_tokens_details: { reasoning_tokens: 0 },
      },
    };
  }
  const message =
    "tool" in turn
      ? {
          role: "assistant",
          content: null,
          tool_calls: [
            {
              id: `call_${index}`,
              type: "function",
              function: { name: turn.tool, arguments: JSON.stringify(turn.arguments) },
            },
          ],
        }
      : { role: "assistant", content: turn.text };
  return {
    id: `chatcmpl-${index}`,
    object: "chat.completion",
    created: 0,
    model,
    choices: [{ index: 0, message, finish_reason: "tool" in turn ? "tool_calls" : "stop" }],
    usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
  };
}

/** The tool definitions of one request, each exactly as sent, by name. */
export function toolDefinitionsSent(
  format: ProviderFormat,
  request: ProviderRequest | undefined,
): Record<string, Record<string, unknown>> {
  const tools = (request?.body.tools ?? []) as Record<string, unknown>[];
  return Object.fromEntries(
    tools.map((tool) => [
      String(
        format === "openai-chat"
          ? (tool.function as { name: string } | undefined)?.name
          : tool.name,
      ),
      tool,
    ]),
  );
}

/**
 * What is wrong with the two tools' definitions as one request sent them (`toolDefinitionsSent`),
 * by what every adapter promises: exactly `search_docs` and `get_document`, no JSON-schema
 * keyword the model does not need (`$schema`, lengths, defaults), and with `strict`, a strict
 * `search_docs` whose `area` is required and nullable. Empty when all holds.
 */
export function toolDefinitionProblems(
  format: ProviderFormat,
  sent: Record<string, Record<string, unknown>>,
  { strict = false }: { strict?: boolean } = {},
): string[] {
  const problems: string[] = [];
  const names = Object.keys(sent);
  if (names.join() !== "search_docs,get_document") {
    problems.push(`tools sent: ${names.join(", ") || "none"}`);
  }
  const text = JSON.stringify(sent);
  for (const keyword of ["$schema", "minLength", "maxLength", "default"]) {
    if (text.includes(keyword)) problems.push(`the definitions hold ${keyword}`);
  }
  if (!strict) return problems;
  const search = (format === "openai-chat" ? sent.search_docs?.function : sent.search_docs) as
    | { strict?: unknown; parameters?: unknown; input_schema?: unknown }
    | undefined;
  if (search?.strict !== true) problems.push(`search_docs strict: ${String(search?.strict)}`);
  const schema = (search?.parameters ?? search?.input_schema) as
    | {
        required?: unknown;
        additionalProperties?: unknown;
        properties?: { area?: { type?: unknown } };
      }
    | undefined;
  if (JSON.stringify(schema?.required) !== JSON.stringify(["query", "area"])) {
    problems.push(`search_docs required: ${JSON.stringify(schema?.required)}`);
  }
  if (schema?.additionalProperties !== false) problems.push("search_docs allows other keys");
  if (JSON.stringify(schema?.properties?.area?.type) !== JSON.stringify(["string", "null"])) {
    problems.push(`search_docs area type: ${JSON.stringify(schema?.properties?.area?.type)}`);
  }
  return problems;
}

/** The tool results one request carries, as the provider receives them. */
export function toolResultsSent(
  format: ProviderFormat,
  request: ProviderRequest | undefined,
): WireToolResult[] {
  if (format === "openai-responses") {
    const input = (request?.body.input ?? []) as { type?: string; output?: unknown }[];
    return input.flatMap((item) =>
      item.type === "function_call_output" ? [{ text: String(item.output), isError: false }] : [],
    );
  }
  const messages = (request?.body.messages ?? []) as { role: string; content: unknown }[];
  if (format === "openai-chat") {
    return messages.flatMap((message) =>
      message.role === "tool" ? [{ text: String(message.content), isError: false }] : [],
    );
  }
  return messages.flatMap((message) =>
    Array.isArray(message.content)
      ? (message.content as { type: string; content?: unknown; is_error?: boolean }[]).flatMap(
          (part) =>
            part.type === "tool_result"
              ? [{ text: blockText(part.content), isError: part.is_error === true }]
              : [],
        )
      : [],
  );
}

/** Anthropic's tool_result content: a string, or text blocks. */
function blockText(content: unknown): string {
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return "";
  return content.map((block: { text?: string }) => block.text ?? "").join("");
}

/** The secrets of a docs service (core's `FakeDocsService`, read structurally). */
export interface LeakableService {
  areas: Readonly<Record<string, readonly string[]>>;
  tokens: Readonly<Record<string, string>>;
}

/**
 * What must never reach a model provider, found in its requests: the given trace ids, the portal
 * URL, any collection id of `service`, any of its tokens. Empty when nothing leaked.
 */
export function providerLeaks(
  requests: readonly ProviderRequest[],
  {
    service,
    traceIds = [],
    portalUrl = "https://docs.example.com",
  }: { service: LeakableService; traceIds?: readonly string[]; portalUrl?: string },
): string[] {
  const wire = JSON.stringify(requests);
  const secrets = [
    ...traceIds.map((id) => ["trace id", id]),
    ["portal URL", portalUrl],
    ...Object.values(service.areas)
      .flat()
      .map((id) => ["collection id", id]),
    ...Object.values(service.tokens).map((token) => ["token", token]),
  ];
  return secrets.flatMap(([kind, value]) =>
    value && wire.includes(value) ? [`${kind} ${value}`] : [],
  );
}
