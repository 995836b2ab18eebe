// websearch_to_tsquery reads `-word` and `-"a phrase"` (after a space or at the start) as "not".
const exclusion = /(^|\s)-("[^"]*"?|[^\s"]+)/g;

// What a pasted command or error holds after a dash is its own text, not an exclusion: flags
// (`-f`, `--all-namespaces`) and capitalised codes (`-ERR`, `-WRONGTYPE`). Excluding them drops
// the very section the paste came from (dev set, phrase kind: `journalctl -b -f -u`, issue 31).
const pastedAfterDash = /^(-|[^\s"]$|[A-Z][A-Z0-9_]+\b)/;

/**
 * A user's query split into the words to look for and the ones excluded with `-`, as
 * websearch_to_tsquery reads them. The search ranks by any of the words (a question in a
 * user's own words rarely has every word in one section) and drops sections holding an
 * excluded one; the query as typed (every word, quotes as phrases) ranks first. A flag or a
 * capitalised code after a dash stays a word to look for.
 */
export function splitExclusions(query: string): { included: string; excluded: string } {
  const excluded: string[] = [];
  const included = query.replace(exclusion, (match, before: string, term: string) => {
    if (pastedAfterDash.test(term)) return match;
    excluded.push(term.endsWith('"') || !term.startsWith('"') ? term : `${term}"`);
    return before;
  });
  return { included, excluded: excluded.join(" or ") };
}
