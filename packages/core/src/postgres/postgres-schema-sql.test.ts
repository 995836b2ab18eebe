import { expect, it } from "vitest";
import { ConfigurationError } from "../errors/configuration-error.js";
import { postgresSchemaSql } from "./postgres-schema-sql.js";

it("lays out the DESIGN records with a weighted generated tsvector, its GIN index and the primary key btree", () => {
  const sql = postgresSchemaSql();
  expect(sql).toContain('create table if not exists "search_docs_sections"');
  for (const column of [
    "collection_id",
    "document_id",
    "section",
    "title",
    "heading",
    "body",
    "slug",
    "updated_at",
  ]) {
    expect(sql).toContain(`"${column}"`);
  }
  expect(sql).toContain(`setweight(to_tsvector('english'::regconfig, coalesce("title", '')), 'A')`);
  expect(sql).toContain(`'B'`);
  expect(sql).toContain(`'C'`);
  expect(sql).toContain('using gin ("search_vector")');
  expect(sql).toContain('primary key ("collection_id", "document_id", "section")');
});

it("takes a schema-qualified table, other columns and another language", () => {
  const sql = postgresSchemaSql({
    table: "docs.sections",
    language: "german",
    columns: { body: "content" },
  });
  expect(sql).toContain('create table if not exists "docs"."sections"');
  expect(sql).toContain(`to_tsvector('german'::regconfig, coalesce("content", ''))`);
  expect(sql).toContain('create index if not exists "sections_search_vector_idx"');
});

it("refuses names that would need quoting", () => {
  for (const table of ['a"b', "a;b", "1table", "a.b.c", "", "x".repeat(64)]) {
    expect(() => postgresSchemaSql({ table })).toThrow(ConfigurationError);
  }
  expect(() => postgresSchemaSql({ language: "english'::regconfig); drop" })).toThrow(
    ConfigurationError,
  );
  expect(() => postgresSchemaSql({ columns: { nope: "x" } as never })).toThrow(ConfigurationError);
  expect(() => postgresSchemaSql({ columns: { body: "a.b" } })).toThrow(ConfigurationError);
});
