import type { Tool } from "@modelcontextprotocol/sdk/types.js";
import { createDocsSearch } from "@search-docs/core";
import { Tiktoken } from "js-tiktoken/lite";
import o200kBase from "js-tiktoken/ranks/o200k_base";
import { describe, expect, it } from "vitest";
import { connectInMemory } from "./__fixtures__/connect-in-memory.js";
import { createDocsMcpServer } from "./create-docs-mcp-server.js";

// The four default areas; a host re-sends the definitions on every turn of every request.
const areas = {
  runbooks: ["runbooks-id"],
  policies: ["policies-id"],
  "api-reference": ["api-reference-id"],
  onboarding: ["onboarding-id"],
};
const encoder = new Tiktoken(o200kBase);
const tokens = (value: unknown) => encoder.encode(JSON.stringify(value)).length;

/** The tools exactly as tools/list hands them to a host, through the SDK's Client. */
async function listed(options: { recency?: boolean } = {}): Promise<Tool[]> {
  const docs = createDocsSearch({ baseUrl: "http://127.0.0.1:9", areas, recency: options.recency });
  const connection = await connectInMemory(
    createDocsMcpServer(docs, { caller: { token: "unused" } }),
  );
  try {
    return (await connection.client.listTools()).tools;
  } finally {
    await connection.close();
  }
}

/** The part a host gives the model, in the OpenAI tool format the adapters' budget is held in. */
const modelFacing = (tool: Tool) => ({
  type: "function",
  function: { name: tool.name, description: tool.description, parameters: tool.inputSchema },
});

describe("tool definitions as tools/list returns them (o200k tokens)", () => {
  it("the model-facing part holds the adapters' budget: search_docs <= 100, get_document <= 70", async () => {
    const [search, read] = (await listed()).map((tool) => tokens(modelFacing(tool)));
    expect(search).toBeLessThanOrEqual(100);
    expect(read).toBeLessThanOrEqual(70);
  });

  // get_document's output schema carries continue_ref (a string or null, as anyOf) since long pages
  // are read in steps: 224 -> 248 tokens; the model-facing part above grew by 3.
  it("whole definitions, output schema and annotations included: search_docs <= 260, get_document <= 250", async () => {
    const [search, read] = (await listed()).map(tokens);
    expect(search).toBeLessThanOrEqual(260);
    expect(read).toBeLessThanOrEqual(250);
  });

  it("carry nothing the model does not need", async () => {
    for (const options of [{}, { recency: true }]) {
      const text = JSON.stringify(await listed(options));
      for (const keyword of ["$schema", "minLength", "maxLength", "default"]) {
        expect(text).not.toContain(keyword);
      }
    }
  });

  it("grow only by the opt-in: recency adds prefer to search_docs", async () => {
    const plain = (await listed()).map(tokens);
    const recency = (await listed({ recency: true })).map(tokens);
    expect(recency[0]).toBeGreaterThan(plain[0] as number);
    expect(recency[1]).toBe(plain[1]);
  });

  it("prints the figures the README quotes", async () => {
    const tools = await listed();
    const rows = tools.map((tool) => ({
      tool: tool.name,
      modelFacing: tokens(modelFacing(tool)),
      inputSchema: tokens(tool.inputSchema),
      outputSchema: tokens(tool.outputSchema),
      annotations: tokens(tool.annotations),
      whole: tokens(tool),
    }));
    console.table(rows);
    expect(rows.every((row) => row.whole > row.modelFacing)).toBe(true);
  });
});
