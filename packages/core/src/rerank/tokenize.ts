const stopwords = new Set(
  "a an and are as at be by can do does for from how i if in into is it its my of on or our so that the their then there these this to was we what when where which who why will with you your".split(
    " ",
  ),
);

/** Lower-case word tokens without stopwords; identifiers like `LedgerHighErrorRate` also split. */
export function tokenize(text: string): string[] {
  const tokens: string[] = [];
  for (const word of text.split(/[^\p{L}\p{N}]+/u)) {
    if (word === "") continue;
    const lower = word.toLowerCase();
    if (!stopwords.has(lower)) tokens.push(lower);
    // camelCase alert names and error constants should match their words too.
    const parts = word.split(/(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])/);
    if (parts.length > 1) {
      for (const part of parts) {
        const partLower = part.toLowerCase();
        if (partLower !== "" && !stopwords.has(partLower)) tokens.push(partLower);
      }
    }
  }
  return tokens;
}
