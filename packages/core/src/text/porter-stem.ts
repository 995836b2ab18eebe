// The Porter stemming algorithm (M. F. Porter, "An algorithm for suffix stripping", Program 14(3),
// 1980; https://tartarus.org/martin/PorterStemmer/def.txt), written from that definition: the
// stemmer SQLite FTS5's `porter` tokenizer applies, so "rotating", "rotation" and "rotate" meet.
// Lower-case ASCII words only; anything else is returned as it is.

const asciiLowerWord = /^[a-z]+$/;

/** Is the letter at `index` a consonant (y is one after a vowel or at the start)? */
function isConsonant(word: string, index: number): boolean {
  const letter = word[index];
  if (letter === "a" || letter === "e" || letter === "i" || letter === "o" || letter === "u") {
    return false;
  }
  if (letter === "y") return index === 0 || !isConsonant(word, index - 1);
  return true;
}

/** m: the number of vowel-consonant sequences in `stem` ([C](VC)^m[V]). */
function measure(stem: string): number {
  let count = 0;
  let index = 0;
  const length = stem.length;
  while (index < length && isConsonant(stem, index)) index++;
  while (index < length) {
    while (index < length && !isConsonant(stem, index)) index++;
    if (index >= length) break;
    while (index < length && isConsonant(stem, index)) index++;
    count++;
  }
  return count;
}

function hasVowel(stem: string): boolean {
  for (let index = 0; index < stem.length; index++) if (!isConsonant(stem, index)) return true;
  return false;
}

function endsWithDoubleConsonant(stem: string): boolean {
  const length = stem.length;
  return length >= 2 && stem[length - 1] === stem[length - 2] && isConsonant(stem, length - 1);
}

/** *o: the stem ends consonant-vowel-consonant, the last not w, x or y. */
function endsCvc(stem: string): boolean {
  const length = stem.length;
  if (length < 3) return false;
  const last = stem[length - 1];
  return (
    isConsonant(stem, length - 3) &&
    !isConsonant(stem, length - 2) &&
    isConsonant(stem, length - 1) &&
    last !== "w" &&
    last !== "x" &&
    last !== "y"
  );
}

/** Replaces the first suffix of `rules` the word ends with, when its stem's measure passes. */
function replaceSuffix(
  word: string,
  rules: readonly (readonly [string, string])[],
  minimumMeasure: number,
): string {
  for (const [suffix, replacement] of rules) {
    if (!word.endsWith(suffix)) continue;
    const stem = word.slice(0, word.length - suffix.length);
    return measure(stem) > minimumMeasure ? stem + replacement : word;
  }
  return word;
}

const step2Rules: readonly (readonly [string, string])[] = [
  ["ational", "ate"],
  ["tional", "tion"],
  ["enci", "ence"],
  ["anci", "ance"],
  ["izer", "ize"],
  ["abli", "able"],
  ["alli", "al"],
  ["entli", "ent"],
  ["eli", "e"],
  ["ousli", "ous"],
  ["ization", "ize"],
  ["ation", "ate"],
  ["ator", "ate"],
  ["alism", "al"],
  ["iveness", "ive"],
  ["fulness", "ful"],
  ["ousness", "ous"],
  ["aliti", "al"],
  ["iviti", "ive"],
  ["biliti", "ble"],
];

const step3Rules: readonly (readonly [string, string])[] = [
  ["icate", "ic"],
  ["ative", ""],
  ["alize", "al"],
  ["iciti", "ic"],
  ["ical", "ic"],
  ["ful", ""],
  ["ness", ""],
];

const step4Suffixes = [
  "al",
  "ance",
  "ence",
  "er",
  "ic",
  "able",
  "ible",
  "ant",
  "ement",
  "ment",
  "ent",
  "ion",
  "ou",
  "ism",
  "ate",
  "iti",
  "ous",
  "ive",
  "ize",
];

/** The Porter stem of a lower-case ASCII word ("connections" → "connect"). */
export function porterStem(input: string): string {
  if (input.length <= 2 || !asciiLowerWord.test(input)) return input;
  let word = input;

  // Step 1a: plurals.
  if (word.endsWith("sses")) word = word.slice(0, -2);
  else if (word.endsWith("ies")) word = word.slice(0, -2);
  else if (!word.endsWith("ss") && word.endsWith("s")) word = word.slice(0, -1);

  // Step 1b: -eed, -ed, -ing.
  let tidy = false;
  if (word.endsWith("eed")) {
    if (measure(word.slice(0, -3)) > 0) word = word.slice(0, -1);
  } else if (word.endsWith("ed") && hasVowel(word.slice(0, -2))) {
    word = word.slice(0, -2);
    tidy = true;
  } else if (word.endsWith("ing") && hasVowel(word.slice(0, -3))) {
    word = word.slice(0, -3);
    tidy = true;
  }
  if (tidy) {
    if (word.endsWith("at") || word.endsWith("bl") || word.endsWith("iz")) word += "e";
    else if (endsWithDoubleConsonant(word) && !/[lsz]$/.test(word)) word = word.slice(0, -1);
    else if (measure(word) === 1 && endsCvc(word)) word += "e";
  }

  // Step 1c: y → i after a vowel in the stem.
  if (word.endsWith("y") && hasVowel(word.slice(0, -1))) word = `${word.slice(0, -1)}i`;

  word = replaceSuffix(word, step2Rules, 0);
  word = replaceSuffix(word, step3Rules, 0);

  // Step 4: drop a suffix when the stem's measure is over 1 (-ion only after s or t).
  for (const suffix of step4Suffixes) {
    if (!word.endsWith(suffix)) continue;
    const stem = word.slice(0, word.length - suffix.length);
    if (measure(stem) > 1 && (suffix !== "ion" || stem.endsWith("s") || stem.endsWith("t"))) {
      word = stem;
    }
    break;
  }

  // Step 5a: a final e; 5b: a final double l.
  if (word.endsWith("e")) {
    const stem = word.slice(0, -1);
    const stemMeasure = measure(stem);
    if (stemMeasure > 1 || (stemMeasure === 1 && !endsCvc(stem))) word = stem;
  }
  if (measure(word) > 1 && endsWithDoubleConsonant(word) && word.endsWith("l")) {
    word = word.slice(0, -1);
  }
  return word;
}
