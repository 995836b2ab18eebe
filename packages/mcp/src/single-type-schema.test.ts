import { describe, expect, it } from "vitest";
import { singleTypeSchema } from "./single-type-schema.js";

describe("singleTypeSchema", () => {
  it("writes a nullable type as anyOf branches, constraints on the typed branch, annotations outside", () => {
    expect(
      singleTypeSchema({
        type: "object",
        properties: {
          updated: { type: ["string", "null"], description: "YYYY-MM-DD", pattern: "^\\d{4}" },
          title: { type: "string" },
          items: { type: "array", items: { type: ["integer", "null"] } },
        },
      }),
    ).toEqual({
      type: "object",
      properties: {
        updated: {
          description: "YYYY-MM-DD",
          anyOf: [{ type: "string", pattern: "^\\d{4}" }, { type: "null" }],
        },
        title: { type: "string" },
        items: { type: "array", items: { anyOf: [{ type: "integer" }, { type: "null" }] } },
      },
    });
  });

  it("leaves a schema without array types as it was, and does not change its input", () => {
    const schema = { type: "object", required: ["a"], properties: { a: { enum: ["x", null] } } };
    const copy = structuredClone(schema);
    expect(singleTypeSchema(schema)).toEqual(copy);
    const nullable = { type: ["string", "null"] };
    singleTypeSchema(nullable);
    expect(nullable).toEqual({ type: ["string", "null"] });
  });
});
