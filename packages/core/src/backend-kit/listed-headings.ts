import { headingOccurrences } from "./heading-occurrences.js";
import type { HeadingMark } from "./page-headings.js";

// A plain-text page's headings from the list a crawler keeps beside it (the Elastic web
// crawler's `headings`: the h1–h6 texts, in page order). A crawled body holds the page's whole
// text, navigation and "On this page" lists included, so a heading's text can occur more than
// once: in a table of contents, where the headings follow one another with nothing between, and
// where its section starts. Of the ways to place the headings in order, the one that places most
// of them wins; among those, the one with the fewest headings placed right before another
// heading's text (an empty section: what every entry of a table of contents looks like); then the
// one whose sections are most evenly long (the largest sum of the logarithms of their lengths).

// Occurrences of one heading considered: a heading's text seldom recurs more on one page.
const maxOccurrences = 8;
// A placement may leave out this many listed headings in a row (not found where they would fit).
const maxSkipped = 4;

interface Rank {
  count: number;
  empty: number;
  score: number;
}

interface Placement extends Rank {
  previous: { heading: number; occurrence: number } | undefined;
}

/** The listed headings found in `body`, in order, each at the occurrence the best placement uses. */
export function listedHeadings(body: string, headings: readonly string[]): HeadingMark[] {
  const texts = headings
    .map((heading) => heading.replace(/\s+/g, " ").trim())
    .filter((text) => /[\p{L}\p{N}]/u.test(text));
  const occurrences = headingOccurrences(body, texts, maxOccurrences);
  const found = texts
    .map((text, index) => ({ text, occurrences: occurrences[index] ?? [] }))
    .filter((heading) => heading.occurrences.length > 0);
  const best: Placement[][] = [];
  let last: (Rank & { heading: number; occurrence: number }) | undefined;
  for (const [index, heading] of found.entries()) {
    best[index] = heading.occurrences.map((occurrence) => {
      const own = occurrence.empty ? 1 : 0;
      let placement: Placement = { count: 1, empty: own, score: 0, previous: undefined };
      for (let before = Math.max(0, index - maxSkipped); before < index; before++) {
        for (const [at, earlier] of (found[before]?.occurrences ?? []).entries()) {
          const prior = best[before]?.[at];
          if (prior === undefined || earlier.end > occurrence.start) continue;
          const candidate = {
            count: prior.count + 1,
            empty: prior.empty + own,
            score: prior.score + Math.log1p(occurrence.start - earlier.end),
          };
          if (better(candidate, placement)) {
            placement = { ...candidate, previous: { heading: before, occurrence: at } };
          }
        }
      }
      return placement;
    });
    for (const [at, placement] of (best[index] ?? []).entries()) {
      // The last section runs to the page's end: its length counts too.
      const end = heading.occurrences[at]?.end ?? body.length;
      const total = {
        count: placement.count,
        empty: placement.empty,
        score: placement.score + Math.log1p(body.length - end),
      };
      if (last === undefined || better(total, last))
        last = { heading: index, occurrence: at, ...total };
    }
  }
  const marks: HeadingMark[] = [];
  let step: { heading: number; occurrence: number } | undefined = last;
  while (step !== undefined) {
    const heading = found[step.heading];
    const occurrence = heading?.occurrences[step.occurrence];
    if (heading === undefined || occurrence === undefined) break;
    marks.push({
      start: occurrence.start,
      contentStart: occurrence.end,
      level: 0,
      text: heading.text,
    });
    step = best[step.heading]?.[step.occurrence]?.previous;
  }
  return marks.reverse();
}

function better(candidate: Rank, current: Rank): boolean {
  if (candidate.count !== current.count) return candidate.count > current.count;
  if (candidate.empty !== current.empty) return candidate.empty < current.empty;
  return candidate.score > current.score;
}
