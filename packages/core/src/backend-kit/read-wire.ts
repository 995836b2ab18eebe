import type * as z from "zod/mini";
import type { BackendFailure } from "../backend/search-backend.js";
import { malformed } from "./malformed.js";

/** A body read against its schema, or a malformed failure naming the first problem's path. */
export function readWire<Schema extends z.ZodMiniType>(
  text: string,
  schema: Schema,
): z.infer<Schema> | BackendFailure {
  const json = parseJson(text);
  if (json === notJson) return malformed("not JSON");
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return malformed(`${issue?.path.join(".") || "body"}: ${issue?.message ?? "invalid"}`);
  }
  return parsed.data as z.infer<Schema>;
}

/** A body's error detail by `schema`, or undefined when it is not the engine's own error shape. */
export function readErrorBody<Schema extends z.ZodMiniType>(
  text: string,
  schema: Schema,
): z.infer<Schema> | undefined {
  const json = parseJson(text);
  if (json === notJson) return undefined;
  const parsed = schema.safeParse(json);
  return parsed.success ? (parsed.data as z.infer<Schema>) : undefined;
}

const notJson = Symbol("not JSON");

/** JSON text parsed, or `notJson`: a body that is not JSON is the caller's to judge. */
function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return notJson;
  }
}
