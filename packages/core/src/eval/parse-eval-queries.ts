import { EvalQueryError } from "../errors/eval-query-error.js";
import type { EvalQuery, EvalQueryInput, EvalQuerySet } from "./eval-query.js";
import { draftedMarker } from "./eval-query.js";
import { type Expectation, parseExpectation } from "./expectation.js";

const fields = new Set(["id", "query", "area", "expect", "tags"]);
// The same bound as the tool's input (DESIGN §1): a longer query could never be asked.
const maxQueryCharacters = 1000;

/**
 * Checks a query set: JSON Lines text (a file's content, `source` naming it) or an array of
 * lines. Every problem is an `EvalQueryError` naming `source:line`; nothing is half-read.
 */
export function parseEvalQueries(
  input: string | readonly (EvalQueryInput | Record<string, unknown>)[],
  source = "queries",
): EvalQuerySet {
  const lines: Array<{ line: number; value: unknown }> = [];
  if (typeof input === "string") {
    for (const [index, text] of input.split("\n").entries()) {
      if (text.trim() === "") continue;
      let value: unknown;
      try {
        value = JSON.parse(text);
      } catch (error) {
        throw new EvalQueryError({
          source,
          line: index + 1,
          message: `not JSON (${(error as Error).message})`,
        });
      }
      lines.push({ line: index + 1, value });
    }
  } else if (Array.isArray(input)) {
    for (const [index, value] of input.entries()) lines.push({ line: index + 1, value });
  } else {
    throw new EvalQueryError({ source, message: "give JSON Lines text or an array of queries" });
  }
  let drafted = false;
  const first = lines[0];
  if (first !== undefined && isDraftedMarker(first.value)) {
    drafted = true;
    lines.shift();
  }
  const queries: EvalQuery[] = [];
  const ids = new Map<string, number>();
  for (const { line, value } of lines) {
    const query = parseLine(value, source, line);
    const earlier = ids.get(query.id);
    if (earlier !== undefined) {
      throw new EvalQueryError({
        source,
        line,
        message: `the same question as line ${earlier} (give each an "id" to keep both)`,
      });
    }
    ids.set(query.id, line);
    queries.push(query);
  }
  if (queries.length === 0) {
    throw new EvalQueryError({ source, message: "no queries: one JSON object per line" });
  }
  return { source, drafted, queries };
}

function isDraftedMarker(value: unknown): boolean {
  return (
    typeof value === "object" &&
    value !== null &&
    (value as Record<string, unknown>).search_docs_eval === draftedMarker.search_docs_eval
  );
}

function parseLine(value: unknown, source: string, line: number): EvalQuery {
  const fail = (message: string): never => {
    throw new EvalQueryError({ source, line, message });
  };
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    return fail('each line must be an object: {"query": "...", "expect": [...]}');
  }
  const record = value as Record<string, unknown>;
  if ("search_docs_eval" in record) {
    return fail("a set's marker belongs on its first line only");
  }
  for (const key of Object.keys(record)) {
    if (!fields.has(key)) {
      fail(`unknown field "${key}" (a line has ${[...fields].join(", ")})`);
    }
  }
  const { id, query, area, expect, tags } = record;
  if (typeof query !== "string" || query.trim() === "") {
    return fail('"query" must be a non-empty string');
  }
  if (query.trim().length > maxQueryCharacters) {
    fail(`"query" is longer than the tool's ${maxQueryCharacters} characters`);
  }
  if (area !== undefined && (typeof area !== "string" || area === "")) {
    fail('"area" must be an area name when given');
  }
  if (id !== undefined && (typeof id !== "string" || id.trim() === "")) {
    fail('"id" must be a non-empty string when given');
  }
  // An absent "expect" by mistake would read as "nothing should be found": it must be written.
  if (!Array.isArray(expect)) {
    return fail('"expect" must be a list of refs, paths, ids or URLs ([] when nothing answers)');
  }
  const expectations: Expectation[] = [];
  for (const entry of expect) {
    const expectation = typeof entry === "string" ? parseExpectation(entry) : undefined;
    if (expectation === undefined) {
      return fail(
        `"expect" holds ${JSON.stringify(entry)}: each entry is a ref (area/page#3), a path, a document id or a URL`,
      );
    }
    expectations.push(expectation);
  }
  if (
    tags !== undefined &&
    (!Array.isArray(tags) || !tags.every((tag) => typeof tag === "string" && tag.trim() !== ""))
  ) {
    fail('"tags" must be a list of non-empty strings when given');
  }
  const trimmed = query.trim();
  return {
    id: typeof id === "string" ? id.trim() : `${(area as string | undefined) ?? "*"}:${trimmed}`,
    source,
    line,
    query: trimmed,
    ...(typeof area === "string" ? { area } : {}),
    expect: expectations,
    tags: ((tags as string[] | undefined) ?? []).map((tag) => tag.trim()),
  };
}
