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
 * The words of a question that are searched for: lower-cased, common words out, at most 32. Words
 * are runs of letters and digits, as SQLite's unicode61 tokenizer cuts them. The folder's FTS5
 * query, the memory backend's BM25 and the passages of the folder, PostgreSQL and memory backends
 * all start from these.
 */
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
