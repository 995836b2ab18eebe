import { queryWords } from "../text/query-words.js";

/**
 * The user's question as an FTS5 query, or undefined when it has no word to search for. Each word
 * becomes a quoted string joined by OR (https://sqlite.org/fts5.html#fts5_strings): the question
 * is text, never query syntax, so `a:b OR (c`, `"`, `*` and `-` are words or nothing, never an
 * FTS5 syntax error. Words are runs of letters and digits, as the unicode61 tokenizer cuts them.
 */
export function toFtsQuery(query: string): string | undefined {
  const terms = queryWords(query);
  return terms.length === 0 ? undefined : terms.map((term) => `"${term}"`).join(" OR ");
}
