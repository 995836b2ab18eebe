import * as z from "zod/mini";
import { InvalidInputError } from "../errors/invalid-input-error.js";

/**
 * Validates a tool's input against its schema; a failure is an InvalidInputError naming the
 * field, before anything is sent. `null` for an optional field counts as omitted, as providers'
 * strict modes send it, and so does a key set to `undefined` (`{ query, area: undefined }`).
 */
export function parseInput<Schema extends z.core.$ZodType>(
  schema: Schema,
  tool: string,
  input: unknown,
): z.output<Schema> {
  const cleaned =
    typeof input === "object" && input !== null && !Array.isArray(input)
      ? Object.fromEntries(
          Object.entries(input).filter(([, value]) => value !== null && value !== undefined),
        )
      : input;
  // zod's function rather than a method, so any zod 4 schema works, classic or mini.
  const parsed = z.safeParse(schema, cleaned, { reportInput: true });
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const field = issue?.path.length ? issue.path.map(String).join(".") : "input";
  throw new InvalidInputError({
    field,
    message: `Invalid ${tool} input: "${field}" ${describeIssue(issue)}.`,
  });
}

function describeIssue(issue: z.core.$ZodIssue | undefined): string {
  if (!issue) return "is invalid";
  switch (issue.code) {
    case "too_small":
      return issue.origin === "string" ? "must not be empty" : issue.message;
    case "too_big":
      return issue.origin === "string"
        ? `must be at most ${issue.maximum} characters`
        : issue.message;
    case "invalid_value":
      return `must be one of ${issue.values.map((value) => JSON.stringify(value)).join(", ")}`;
    case "invalid_type":
      if (issue.input === undefined) return "is required";
      return `must be ${/^[aeiou]/.test(issue.expected) ? "an" : "a"} ${issue.expected}`;
    case "unrecognized_keys":
      return `has unknown keys ${issue.keys.join(", ")}`;
    default:
      return issue.message;
  }
}
