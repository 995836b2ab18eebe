import type { Tool, ToolAnnotations } from "@modelcontextprotocol/sdk/types.js";
import { type DocsSearch, modelJsonSchema } from "@search-docs/core";
import { z } from "zod";
import { singleTypeSchema } from "./single-type-schema.js";

export type DocsToolName = "search_docs" | "get_document";

export const docsToolNames: readonly DocsToolName[] = ["search_docs", "get_document"];

/**
 * Both tools only read, and only the configured docs backend, so a host may run them without
 * asking. A repeated call changes nothing (it mints the same refs again).
 */
export const docsToolAnnotations: Readonly<ToolAnnotations> = Object.freeze({
  readOnlyHint: true,
  idempotentHint: true,
  openWorldHint: false,
});

/**
 * The two tools as `tools/list` gives them: the input schema the adapters send a provider (core's
 * lean `modelJsonSchema`, so a host's model sees the same definition), and the contract as
 * `outputSchema`, which clients check `structuredContent` against.
 */
export function docsMcpTools(docs: DocsSearch): Tool[] {
  return [
    {
      name: "search_docs",
      description: docs.descriptions.search_docs,
      inputSchema: { ...modelJsonSchema(docs.searchInput, { strict: false }) },
      outputSchema: outputJsonSchema(docs.searchOutput),
      annotations: { ...docsToolAnnotations },
    },
    {
      name: "get_document",
      description: docs.descriptions.get_document,
      inputSchema: { ...modelJsonSchema(docs.documentInput, { strict: false }) },
      outputSchema: outputJsonSchema(docs.documentOutput),
      annotations: { ...docsToolAnnotations },
    },
  ];
}

function outputJsonSchema(
  schema: DocsSearch["searchOutput"] | DocsSearch["documentOutput"],
): Tool["outputSchema"] {
  // MCP reads a schema without `$schema` as JSON Schema 2020-12, zod's dialect: the key is dead weight.
  // zod's function, not the schema's method: the method came with zod 4.2, and the peer range
  // starts at 4.1.13.
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io: "output" });
  // Nullable fields as anyOf: the array form fails the Inspector's --strict portability check.
  return singleTypeSchema(rest) as Tool["outputSchema"];
}
