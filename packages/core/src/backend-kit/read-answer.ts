import type * as z from "zod/mini";
import type { BackendFailure } from "../backend/search-backend.js";
import { isFailure } from "./malformed.js";
import { readWire } from "./read-wire.js";
import type { HttpAnswer } from "./send-request.js";

/**
 * What one HTTP attempt came to: a failure before any answer stands as it is; a status outside
 * 2xx is `errorOf`'s failure (the engine's status table); a 2xx body is read against `schema`.
 */
export function readAnswer<Schema extends z.ZodMiniType>(
  answer: HttpAnswer | BackendFailure,
  schema: Schema,
  errorOf: (answer: HttpAnswer) => BackendFailure,
): z.infer<Schema> | BackendFailure {
  if (isFailure(answer)) return answer;
  if (answer.status < 200 || answer.status > 299) return errorOf(answer);
  return readWire(answer.text, schema);
}
