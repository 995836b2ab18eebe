/** A JSON Schema node as `z.toJSONSchema` writes it: plain data. */
type SchemaNode = { [key: string]: unknown };

// Keywords that say what a node is rather than constrain its values: they stay on the node,
// outside the `anyOf` branches.
const annotationKeys = new Set(["title", "description", "default", "examples", "deprecated"]);

/**
 * The same schema with every `type: ["string", "null"]` written as `anyOf` branches of one
 * `type` each. Both are JSON Schema; clients that map tool schemas onto a single-`type` dialect
 * (the OpenAPI subset of Gemini function declarations) reject the array form, and the MCP
 * Inspector's `--strict` warns about it.
 */
export function singleTypeSchema<T>(schema: T): T {
  return rewrite(schema) as T;
}

function rewrite(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(rewrite);
  if (typeof value !== "object" || value === null) return value;
  const node: SchemaNode = {};
  for (const [key, child] of Object.entries(value)) node[key] = rewrite(child);
  const { type } = node;
  if (!Array.isArray(type)) return node;
  const annotations: SchemaNode = {};
  const constraints: SchemaNode = {};
  for (const [key, child] of Object.entries(node)) {
    if (key === "type") continue;
    (annotationKeys.has(key) ? annotations : constraints)[key] = child;
  }
  // A constraint of one type (a string's `format`, an object's `properties`) goes to that branch.
  const anyOf = type.map((single) =>
    single === "null" ? { type: "null" } : { type: single, ...constraints },
  );
  return { ...annotations, anyOf };
}
