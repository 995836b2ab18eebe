import { readFileSync } from "node:fs";

/** One gold answer: a document, and the section that answers when the task names one. */
export interface Gold {
  docId: string;
  section?: number;
}

/**
 * One frozen task: `{"id","query","area"?,"gold":[{"doc_id","section"?}],"kind"?}` per line. An
 * empty `gold` is a question the corpus cannot answer (the dev set's `no-answer` kind).
 */
export interface BenchQuery {
  id: string;
  query: string;
  area?: string;
  gold: Gold[];
  /** How the question is written (`paraphrase`, `keyword`, `phrase`, `no-answer`), when the set says. */
  kind?: string;
}

/**
 * Reads a `.jsonl` query set. Checks the shape, and — given the corpus — that every gold names a
 * document that exists, in the query's area, with the section in range: a gold pointing nowhere
 * would silently cap recall below 1.
 */
export function loadQueries(
  path: string,
  corpus?: ReadonlyMap<string, { area: string; sections: readonly unknown[] }>,
): BenchQuery[] {
  const queries: BenchQuery[] = [];
  const ids = new Set<string>();
  for (const [index, line] of readFileSync(path, "utf8").split("\n").entries()) {
    if (line.trim() === "") continue;
    const where = `${path}:${index + 1}`;
    const record = JSON.parse(line) as Record<string, unknown>;
    const { id, query, area, gold, kind } = record;
    if (typeof id !== "string" || id === "") throw new Error(`${where}: "id" must be a string`);
    if (ids.has(id)) throw new Error(`${where}: duplicate id ${id}`);
    ids.add(id);
    if (typeof query !== "string" || query.trim() === "") {
      throw new Error(`${where}: "query" must be a non-empty string`);
    }
    if (area !== undefined && typeof area !== "string") {
      throw new Error(`${where}: "area" must be a string when given`);
    }
    if (kind !== undefined && typeof kind !== "string") {
      throw new Error(`${where}: "kind" must be a string when given`);
    }
    if (!Array.isArray(gold)) throw new Error(`${where}: "gold" must be a list`);
    // A question without gold must say so: an empty list by mistake would read as "no answer".
    if (gold.length === 0 && kind !== "no-answer") {
      throw new Error(`${where}: "gold" must list at least one answer, or "kind" be "no-answer"`);
    }
    const golds = gold.map((entry: Record<string, unknown>): Gold => {
      const docId = entry.doc_id;
      const section = entry.section;
      if (typeof docId !== "string") throw new Error(`${where}: gold "doc_id" must be a string`);
      if (section !== undefined && !Number.isInteger(section)) {
        throw new Error(`${where}: gold "section" must be an integer when given`);
      }
      const document = corpus?.get(docId);
      if (corpus !== undefined) {
        if (document === undefined) throw new Error(`${where}: gold ${docId} is not in the corpus`);
        if (area !== undefined && document.area !== area) {
          throw new Error(`${where}: gold ${docId} is in ${document.area}, not ${area}`);
        }
        if (section !== undefined && (section as number) >= document.sections.length) {
          throw new Error(`${where}: gold ${docId} has no section ${String(section)}`);
        }
      }
      return section === undefined ? { docId } : { docId, section: section as number };
    });
    queries.push({
      id,
      query: query.trim(),
      ...(area === undefined ? {} : { area }),
      gold: golds,
      ...(kind === undefined ? {} : { kind }),
    });
  }
  return queries;
}
