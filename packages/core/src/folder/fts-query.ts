// Words too common to rank by. Left out of the query unless the question has nothing else, so
// "how do I rotate the key" ranks on "rotate" and "key" and does not scan every section for "the".
const stopWords = new Set(
  (
    "a about an and are as at be been but by can could did do does doing for from had has have how i " +
    "if in into is it its me my no not of on or our s should so t than that the their them then " +
    "there these they this those to too up us was we were what when where which while who why will " +
    "with would you your"
  ).split(" "),
);

/** At most this many words go to the engine: a pasted page is still one bounded query. */
export const maxQueryTerms = 32;

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

/** The words of a question that are searched for: lower-cased, common words out, at most 32. */
export function queryWords(query: string): string[] {
  const words = [
    ...new Set(
      query
        .normalize("NFKC")
        .toLowerCase()
        .match(/[\p{L}\p{N}\p{Co}]+/gu) ?? [],
    ),
  ];
  const kept = words.filter((word) => !stopWords.has(word));
  return (kept.length > 0 ? kept : words).slice(0, maxQueryTerms);
}
