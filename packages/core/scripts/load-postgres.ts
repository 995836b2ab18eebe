// `pnpm --filter @search-docs/core load:postgres (--jsonl <file> | --markdown <folder> --collection <id>) [--schema]`
//
// Loads documents into the default PostgreSQL layout (one row per section) at
// SEARCH_DOCS_POSTGRES_URL, table SEARCH_DOCS_POSTGRES_TABLE (default search_docs_sections).
//   --schema      create the table and its index first (postgresSchemaSql, idempotent)
//   --jsonl       one document per line, {"id","area","slug","title","updated","sections":[{"heading","text"}]}
//                 (the shared corpus's shape: the area is the collection id), or one section per line,
//                 {"collection_id","document_id","section","title","heading","body","slug"?,"updated_at"?}
//   --markdown    every .md file under the folder is a document (its path without .md is the id),
//                 split at its #, ## and ### headings, all in --collection
//   --language    the text search configuration for --schema (default english)

import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { parseArgs } from "node:util";
import pg from "pg";
import {
  loadSections,
  type SectionRecord,
  sectionsOfDocument,
} from "../src/postgres/load-sections.ts";
import { postgresSchemaSql } from "../src/postgres/postgres-schema-sql.ts";
import { sectionsOfMarkdown } from "../src/postgres/sections-of-markdown.ts";
import { loadCorpus } from "../src/testing/load-corpus.ts";

const { values } = parseArgs({
  options: {
    jsonl: { type: "string" },
    markdown: { type: "string" },
    collection: { type: "string" },
    schema: { type: "boolean", default: false },
    language: { type: "string", default: "english" },
  },
});

const connectionString = process.env.SEARCH_DOCS_POSTGRES_URL?.trim();
if (!connectionString) {
  console.error(
    "SEARCH_DOCS_POSTGRES_URL is not set (postgres://user:password@host:5432/database)",
  );
  process.exit(2);
}
const table = process.env.SEARCH_DOCS_POSTGRES_TABLE?.trim() || undefined;

function sectionsOfJsonLines(path: string): SectionRecord[] {
  const first = readFileSync(path, "utf8")
    .split("\n")
    .find((line) => line.trim() !== "");
  if (first === undefined) return [];
  if ("sections" in JSON.parse(first)) {
    return loadCorpus(path).flatMap((document) => sectionsOfDocument(document));
  }
  return readFileSync(path, "utf8")
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line, index) => {
      const row = JSON.parse(line) as Record<string, unknown>;
      const text = (name: string) =>
        typeof row[name] === "string" ? (row[name] as string) : undefined;
      const record: SectionRecord = {
        collectionId: text("collection_id") ?? "",
        documentId: text("document_id") ?? "",
        section: typeof row.section === "number" ? row.section : Number.NaN,
        title: text("title") ?? "",
        heading: text("heading") ?? "",
        body: text("body") ?? "",
      };
      const slug = text("slug");
      const updatedAt = text("updated_at");
      if (slug !== undefined) record.slug = slug;
      if (updatedAt !== undefined) record.updatedAt = updatedAt;
      if (
        record.collectionId === "" ||
        record.documentId === "" ||
        !Number.isInteger(record.section)
      ) {
        throw new Error(
          `${path}:${index + 1}: a section needs collection_id, document_id and an integer section`,
        );
      }
      return record;
    });
}

function sectionsOfMarkdownFolder(folder: string, collectionId: string): SectionRecord[] {
  const files = (readdirSync(folder, { recursive: true }) as string[])
    .filter((name) => name.endsWith(".md"))
    .sort();
  return files.flatMap((name) => {
    const path = join(folder, name);
    const documentId = relative(folder, path).replace(/\\/g, "/").replace(/\.md$/, "");
    return sectionsOfMarkdown(readFileSync(path, "utf8"), {
      collectionId,
      documentId,
      updatedAt: statSync(path).mtime.toISOString(),
      fallbackTitle: documentId.split("/").at(-1) ?? documentId,
    });
  });
}

let sections: SectionRecord[];
if (values.jsonl !== undefined) {
  sections = sectionsOfJsonLines(values.jsonl);
} else if (values.markdown !== undefined && values.collection !== undefined) {
  sections = sectionsOfMarkdownFolder(values.markdown, values.collection);
} else {
  console.error("pass --jsonl <file>, or --markdown <folder> --collection <collection id>");
  process.exit(2);
}

const pool = new pg.Pool({ connectionString, max: 1 });
pool.on("error", () => {});
try {
  if (values.schema) {
    await pool.query(postgresSchemaSql({ ...(table ? { table } : {}), language: values.language }));
  }
  const startedAt = performance.now();
  const written = await loadSections(pool, sections, table ? { table } : {});
  const documents = new Set(sections.map((record) => `${record.collectionId}/${record.documentId}`))
    .size;
  console.log(
    `loaded ${written} sections of ${documents} documents into ${table ?? "search_docs_sections"} in ${Math.round(performance.now() - startedAt)} ms`,
  );
} catch (error) {
  // node-postgres errors carry a SQLSTATE; the connection string (a password) is never printed.
  const code = (error as { code?: string }).code;
  console.error(`load failed${code ? ` (${code})` : ""}: ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  await pool.end();
}
