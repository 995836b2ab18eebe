import * as z from "zod/mini";

/** A tool's input as providers receive it: flat, described, no validation keywords. */
export interface ModelJsonSchema {
  type: "object";
  properties: Record<string, ModelJsonProperty>;
  required: string[];
  additionalProperties?: false;
}

/** The scalar types a flat tool input uses. */
export type ModelJsonType = "string" | "number" | "integer" | "boolean";

export interface ModelJsonProperty {
  type: ModelJsonType | [ModelJsonType, "null"];
  enum?: (string | null)[];
  description?: string;
}

interface DraftProperty {
  type?: ModelJsonType;
  enum?: string[];
  description?: string;
}

/**
 * The lean JSON schema of one of core's flat input schemas. Only what the model needs to fill
 * the arguments in stays (type, enum, description): lengths, `$schema` and the like cost tokens
 * on every turn and are checked by core anyway. Core's inputs are flat objects of scalars, so
 * nothing nested needs carrying over. `strict` is the shape providers' strict modes
 * demand: every property required, optional ones nullable (core reads null as omitted).
 */
export function modelJsonSchema(
  schema: z.core.$ZodObject,
  { strict }: { strict: boolean },
): ModelJsonSchema {
  const draft = z.toJSONSchema(schema, { target: "draft-7", io: "input" }) as {
    properties?: Record<string, DraftProperty>;
    required?: string[];
  };
  const required = new Set(draft.required ?? []);
  const properties: Record<string, ModelJsonProperty> = {};
  for (const [name, property] of Object.entries(draft.properties ?? {})) {
    const nullable = strict && !required.has(name);
    const type = property.type ?? "string";
    properties[name] = {
      type: nullable ? [type, "null"] : type,
      ...(property.enum ? { enum: nullable ? [...property.enum, null] : property.enum } : {}),
      ...(property.description ? { description: property.description } : {}),
    };
  }
  return strict
    ? { type: "object", properties, required: Object.keys(properties), additionalProperties: false }
    : { type: "object", properties, required: [...required] };
}
