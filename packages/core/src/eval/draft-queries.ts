import { draftedMarker } from "./eval-query.js";

/** A section of the index to draft a question from, and how the drafted line names it. */
export interface DraftSource {
  /** What the drafted line expects: the section's ref or path with `#section`. */
  expect: string;
  area?: string;
  title: string;
  heading: string;
  text: string;
}

// Words that carry no topic: a known-item question is built from the ones that do.
const stopWords = new Set(
  "about above after again against also among because been before being below between both cannot could does doing down during each every from further have having here into itself just more most must never only other over same should some such than that their them then there these they this those through under until very were what when where which while will with without would your yours".split(
    " ",
  ),
);
const wordsPerQuestion = 4;

/**
 * Drafts one known-item question per sampled section, from its heading and the words of its text
 * the heading lacks, as JSON Lines whose first line marks the set drafted: the loader refuses to
 * score it as a measurement until a person has edited the questions and removed that line.
 */
export function draftQueries(
  sources: readonly DraftSource[],
  { count, random = Math.random }: { count: number; random?: () => number },
): string {
  const pool = sources.filter(
    (source) => source.heading.trim() !== "" || source.title.trim() !== "",
  );
  for (let index = pool.length - 1; index > 0; index--) {
    const other = Math.floor(random() * (index + 1));
    [pool[index], pool[other]] = [pool[other] as DraftSource, pool[index] as DraftSource];
  }
  const lines = [
    JSON.stringify({
      ...draftedMarker,
      note: "Drafted from the index's headings and text: edit each question into what a user would ask, check each expect, then delete this line. Until then `search-docs eval` refuses to score it (or, with --allow-drafted, flags the report as drafted).",
    }),
  ];
  for (const source of pool.slice(0, count)) {
    lines.push(
      JSON.stringify({
        query: draftQuestion(source),
        ...(source.area === undefined ? {} : { area: source.area }),
        expect: [source.expect],
        tags: ["drafted"],
      }),
    );
  }
  return `${lines.join("\n")}\n`;
}

/** "<heading> <the text's own words>": what someone who remembers the section might type. */
export function draftQuestion({
  title,
  heading,
  text,
}: Pick<DraftSource, "title" | "heading" | "text">): string {
  const label =
    heading.trim() === "" || heading.trim() === title.trim() ? title.trim() : heading.trim();
  const known = new Set(words(label));
  const counts = new Map<string, number>();
  for (const word of words(text)) {
    if (word.length < 5 || stopWords.has(word) || known.has(word)) continue;
    counts.set(word, (counts.get(word) ?? 0) + 1);
  }
  const salient = [...counts.entries()]
    .sort((left, right) => right[1] - left[1])
    .slice(0, wordsPerQuestion)
    .map(([word]) => word);
  return [label.toLowerCase(), ...salient].join(" ").slice(0, 300).trim();
}

function words(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}][\p{L}\p{N}_-]*/gu) ?? [];
}
