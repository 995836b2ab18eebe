export const stopwords: ReadonlySet<string> = new Set(
  "a an and are as at be by can do does for from how i if in into is it its my of on or our so that the their then there these this to was we what when where which who why will with you your".split(
    " ",
  ),
);

// Tokenize runs on every title and snippet of every call (480 snippets at worst), so it lower-
// cases a text once and splits it with the cheapest pattern that gives the same words. Each
// test below is one scan without allocation.
const nonWord = /[^\p{L}\p{N}]+/u;
const notAsciiWord = /[^a-z0-9]+/;
const notAsciiWordAnyCase = /[^A-Za-z0-9]+/;
const hasCamelCaseBoundary = /[a-z0-9][A-Z]|[A-Z][A-Z][a-z]/;
const camelCaseBoundary = /(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: the range is "all of ASCII"
const asciiRun = /[\x00-\x7f]+/g;
const wordCharacter = /[\p{L}\p{N}]/u;
// The only letters whose lower case depends on their neighbours or grows (SpecialCasing.txt,
// without locale): with neither, lower-casing a whole text equals lower-casing each word.
const contextualCase = /[\u0130\u03a3]/;

/** Lower-case word tokens without stopwords; identifiers like `LedgerHighErrorRate` also split. */
export function tokenize(text: string): string[] {
  const separator = hasWordCharacterBeyondAscii(text) ? nonWord : notAsciiWord;
  if (separator === nonWord && contextualCase.test(text)) return tokenizeWordByWord(text);
  const lowerText = text.toLowerCase();
  const camelCase = hasCamelCaseBoundary.test(text);
  // The common case, ASCII without identifiers, scanned by hand: a quarter of tokenize's time.
  if (separator === notAsciiWord && !camelCase) return asciiWords(lowerText);
  const lowerWords = lowerText.split(separator);
  if (!camelCase) return keepWords(lowerWords);
  // Lower-casing kept every separator in place, so the two splits align word for word.
  const words = text.split(separator === nonWord ? nonWord : notAsciiWordAnyCase);
  const tokens: string[] = [];
  for (const [index, lower] of lowerWords.entries()) {
    if (lower === "") continue;
    if (!isStopword(lower)) tokens.push(lower);
    const word = words[index] as string;
    if (word !== lower && hasCamelCaseBoundary.test(word)) pushParts(word, tokens);
  }
  return tokens;
}

/**
 * Are `text`'s words ASCII letters and digits only (anything else separates them)? Then
 * `tokenize` reads it as runs of [A-Za-z0-9], each lower-cased, and an identifier's parts.
 */
export function hasAsciiWordsOnly(text: string): boolean {
  return !hasWordCharacterBeyondAscii(text);
}

/** A letter or digit beyond ASCII? ("…" and curly quotes are not: they separate words anyway.) */
function hasWordCharacterBeyondAscii(text: string): boolean {
  for (let index = 0; index < text.length; index++) {
    // Almost every text is ASCII but for a few quotes or an ellipsis: test just those.
    if (text.charCodeAt(index) > 0x7f) return wordCharacter.test(text.replace(asciiRun, ""));
  }
  return false;
}

// No stopword is longer: a longer word needs no lookup (which would hash it).
export const longestStopword = Math.max(...[...stopwords].map((word) => word.length));

function isStopword(word: string): boolean {
  return word.length <= longestStopword && stopwords.has(word);
}

function keepWords(words: readonly string[]): string[] {
  const tokens: string[] = [];
  for (const word of words) if (word !== "" && !isStopword(word)) tokens.push(word);
  return tokens;
}

/** `keepWords(lower.split(/[^a-z0-9]+/))`, in one pass over a lower-cased text. */
export function asciiWords(lower: string): string[] {
  const tokens: string[] = [];
  let start = -1;
  for (let index = 0; index <= lower.length; index++) {
    const code = index < lower.length ? lower.charCodeAt(index) : 0;
    if ((code >= 97 && code <= 122) || (code >= 48 && code <= 57)) {
      if (start < 0) start = index;
      continue;
    }
    if (start < 0) continue;
    const word = lower.slice(start, index);
    start = -1;
    if (!isStopword(word)) tokens.push(word);
  }
  return tokens;
}

// camelCase alert names and error constants should match their words too.
function pushParts(word: string, tokens: string[]): void {
  for (const part of word.split(camelCaseBoundary)) {
    const lower = part.toLowerCase();
    if (lower !== "" && !isStopword(lower)) tokens.push(lower);
  }
}

// Beyond ASCII with İ or Σ, lower-casing the whole text could shift or change words.
function tokenizeWordByWord(text: string): string[] {
  const tokens: string[] = [];
  for (const word of text.split(nonWord)) {
    if (word === "") continue;
    const lower = word.toLowerCase();
    if (!isStopword(lower)) tokens.push(lower);
    if (lower !== word && hasCamelCaseBoundary.test(word)) pushParts(word, tokens);
  }
  return tokens;
}
