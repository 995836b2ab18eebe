import type { BackendDocument, BackendHit } from "../backend/search-backend.js";

/** One engine record as it came: a JSON object. */
export type RawRecord = Readonly<Record<string, unknown>>;

/** One layout: how an engine's section records read as the seam's hits and documents. */
export interface RecordLayout {
  readonly kind: "docsearch" | "sections";
  /** Fields searched, best first (Typesense's `query_by`). */
  readonly searchedFields: readonly string[];
  /** Fields a hit or a section needs (Algolia `attributesToRetrieve`, Meilisearch, Typesense `include_fields`, Elasticsearch `_source`). */
  readonly retrievedFields: readonly string[];
  /** The field whose text is a hit's passage. */
  readonly passageField: string;
  /** The filterable field get_document filters on. */
  readonly documentField: string;
  /** A hit from a record, or a string saying what is missing. */
  readHit(record: RawRecord, passage: string, score: number): BackendHit | string;
  /** A document from its records (any order), or a string saying what is malformed. */
  readDocument(records: readonly RawRecord[]): BackendDocument | string;
}

/** docs-scraper writes a missing level as the text "null" (its clean_one_field). */
const absentText = new Set(["", "null"]);

/** A field's value: a flat key first (Typesense's `hierarchy.lvl0`), else the dotted path. */
export function fieldValue(record: RawRecord, path: string): unknown {
  if (Object.hasOwn(record, path)) return record[path];
  let value: unknown = record;
  for (const part of path.split(".")) {
    if (typeof value !== "object" || value === null || !Object.hasOwn(value, part))
      return undefined;
    value = (value as Record<string, unknown>)[part];
  }
  return value;
}

/** A field's text, or undefined when it is absent, blank or the text "null". */
export function text(value: unknown): string | undefined {
  return typeof value === "string" && !absentText.has(value.trim()) ? value : undefined;
}

/** A position: a finite number, or up to nine digits; else undefined. */
export function position(value: unknown): number | undefined {
  if (typeof value === "number" && Number.isFinite(value)) return value;
  if (typeof value === "string" && /^\d{1,9}$/.test(value)) return Number(value);
  return undefined;
}

/**
 * The string at `keys` inside a record, each key read literally (no dotted paths), or "" when a
 * step is missing or the end is not a string: an engine's snippet or highlight of one field.
 */
export function stringAt(record: unknown, keys: readonly string[]): string {
  let value = record;
  for (const key of keys) {
    if (typeof value !== "object" || value === null) return "";
    value = (value as Record<string, unknown>)[key];
  }
  return typeof value === "string" ? value : "";
}
