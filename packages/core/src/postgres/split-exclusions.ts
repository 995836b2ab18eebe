// websearch_to_tsquery reads `-word` and `-"a phrase"` (after a space or at the start) as "not".
const exclusion = /(^|\s)-("[^"]*"?|[^\s"]+)/g;

/**
 * A user's query split into the words to look for and the ones excluded with `-`, as
 * websearch_to_tsquery reads them. The search ranks by any of the words (a question in a
 * user's own words rarely has every word in one section) and drops sections holding an
 * excluded one; the query as typed (every word, quotes as phrases) ranks first.
 */
export function splitExclusions(query: string): { included: string; excluded: string } {
  const excluded: string[] = [];
  const included = query.replace(exclusion, (_match, before: string, term: string) => {
    excluded.push(term.endsWith('"') || !term.startsWith('"') ? term : `${term}"`);
    return before;
  });
  return { included, excluded: excluded.join(" or ") };
}
