import { describe, expect, it } from "vitest";
import { ConfigurationError } from "../errors/configuration-error.js";
import { resolvePostgresLayout } from "./postgres-layout.js";
import {
  type PostgresSemanticOptions,
  resolvePostgresSemantic,
  vectorLiteral,
} from "./postgres-semantic.js";

const embed = async () => [1, 0, 0];
const sections = resolvePostgresLayout();

function refusal(semantic: unknown, layout = sections) {
  try {
    resolvePostgresSemantic(semantic as PostgresSemanticOptions, layout);
  } catch (error) {
    if (error instanceof ConfigurationError)
      return { option: error.option, message: error.message };
    throw error;
  }
  return undefined;
}

describe("resolvePostgresSemantic", () => {
  it("defaults to hybrid on cosine distance, the column quoted", () => {
    const semantic = resolvePostgresSemantic({ column: "embedding", embed }, sections);
    expect(semantic).toMatchObject({
      column: '"embedding"',
      columnName: "embedding",
      hybrid: true,
      operator: "<=>",
      dimensions: undefined,
    });
    expect(resolvePostgresSemantic(undefined, sections)).toBeUndefined();
  });

  it("names pgvector's operator for each distance", () => {
    const operator = (distance: PostgresSemanticOptions["distance"]) =>
      resolvePostgresSemantic({ column: "e", embed, distance }, sections)?.operator;
    expect([operator("cosine"), operator("l2"), operator("inner_product")]).toEqual([
      "<=>",
      "<->",
      "<#>",
    ]);
  });

  it("refuses bad options with a ConfigurationError naming the option", () => {
    expect(refusal("embedding")?.option).toBe("semantic");
    expect(refusal({ embed })?.option).toBe("semantic.column");
    expect(refusal({ column: 'embedding"; drop table x; --', embed })?.option).toBe(
      "semantic.column",
    );
    expect(refusal({ column: "public.embedding", embed })?.option).toBe("semantic.column");
    expect(refusal({ column: "embedding" })?.option).toBe("semantic.embed");
    expect(refusal({ column: "embedding", embed: "text-embedding-3-small" })?.option).toBe(
      "semantic.embed",
    );
    expect(refusal({ column: "embedding", embed, dimensions: 0 })?.option).toBe(
      "semantic.dimensions",
    );
    expect(refusal({ column: "embedding", embed, dimensions: 16_001 })?.option).toBe(
      "semantic.dimensions",
    );
    expect(refusal({ column: "embedding", embed, hybrid: "yes" })?.option).toBe("semantic.hybrid");
    expect(refusal({ column: "embedding", embed, distance: "dot" })?.option).toBe(
      "semantic.distance",
    );
  });

  it('refuses a table of pages: one vector per page cannot rank its sections (rows: "pages")', () => {
    const pages = resolvePostgresLayout({ rows: "pages", table: "pages" });
    expect(refusal({ column: "embedding", embed }, pages)).toEqual({
      option: "semantic",
      message: 'postgresBackend: semantic needs rows: "sections" (one embedding per section).',
    });
  });
});

describe("vectorLiteral", () => {
  it("writes pgvector's text form", () => {
    expect(vectorLiteral([1, -0.5, 2e-7])).toBe("[1,-0.5,2e-7]");
  });
});
