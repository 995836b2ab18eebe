import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { CorpusDocument, CorpusSection } from "./corpus-document.js";

const datePattern = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Loads and validates a corpus: a path (or `file:` URL) to a `.jsonl` file with one
 * {@link CorpusDocument} per line, or the records themselves. Errors name the line (or the array
 * index) so a broken corpus is fixed in one look, not debugged through wrong search results.
 */
export function loadCorpus(pathOrRecords: string | URL | readonly unknown[]): CorpusDocument[] {
  if (typeof pathOrRecords === "string" || pathOrRecords instanceof URL) {
    const path = pathOrRecords instanceof URL ? fileURLToPath(pathOrRecords) : pathOrRecords;
    return parseJsonLines(readFileSync(path, "utf8"), path);
  }
  const documents = pathOrRecords.map((record, index) =>
    toCorpusDocument(record, `corpus record ${index}`),
  );
  assertUniqueIds(documents, (index) => `corpus record ${index}`);
  return documents;
}

function parseJsonLines(content: string, path: string): CorpusDocument[] {
  const documents: CorpusDocument[] = [];
  const lineNumbers: number[] = [];
  const lines = content.split("\n");
  for (const [lineIndex, line] of lines.entries()) {
    // Blank lines (a trailing newline, a separator) carry no record.
    if (line.trim() === "") continue;
    const where = `${path}:${lineIndex + 1}`;
    let record: unknown;
    try {
      record = JSON.parse(line);
    } catch (error) {
      throw new Error(`${where}: not valid JSON (${(error as Error).message})`);
    }
    documents.push(toCorpusDocument(record, where));
    lineNumbers.push(lineIndex + 1);
  }
  assertUniqueIds(documents, (index) => `${path}:${lineNumbers[index]}`);
  return documents;
}

function toCorpusDocument(record: unknown, where: string): CorpusDocument {
  if (!isObject(record)) throw new Error(`${where}: a record must be a JSON object`);
  const id = requireString(record, "id", where);
  const area = requireString(record, "area", where);
  const slug = requireString(record, "slug", where);
  const title = requireString(record, "title", where);
  const updated = requireString(record, "updated", where);
  if (!datePattern.test(updated)) {
    throw new Error(
      `${where}: "updated" must be a YYYY-MM-DD date, got ${JSON.stringify(updated)}`,
    );
  }
  const rawSections = record.sections;
  if (!Array.isArray(rawSections)) throw new Error(`${where}: "sections" must be an array`);
  const sections: CorpusSection[] = rawSections.map((section: unknown, sectionIndex: number) => {
    const sectionWhere = `${where}: sections[${sectionIndex}]`;
    if (!isObject(section)) throw new Error(`${sectionWhere} must be an object`);
    return {
      heading: requireString(section, "heading", sectionWhere, { allowEmpty: true }),
      text: requireString(section, "text", sectionWhere, { allowEmpty: true }),
    };
  });
  return { id, area, slug, title, updated, sections };
}

function requireString(
  record: Record<string, unknown>,
  field: string,
  where: string,
  options: { allowEmpty?: boolean } = {},
): string {
  const value = record[field];
  if (typeof value !== "string" || (!options.allowEmpty && value === "")) {
    throw new Error(
      `${where}: "${field}" must be a ${options.allowEmpty ? "" : "non-empty "}string`,
    );
  }
  return value;
}

function assertUniqueIds(documents: CorpusDocument[], describe: (index: number) => string): void {
  const seen = new Map<string, number>();
  for (const [index, document] of documents.entries()) {
    const firstIndex = seen.get(document.id);
    if (firstIndex !== undefined) {
      throw new Error(
        `${describe(index)}: duplicate id ${JSON.stringify(document.id)} (first at ${describe(firstIndex)})`,
      );
    }
    seen.set(document.id, index);
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
