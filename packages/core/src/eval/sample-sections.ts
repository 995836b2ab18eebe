import type { Caller } from "../contract/caller.js";
import type { SearchOutput } from "../contract/contract.js";
import type { DraftSource } from "./draft-queries.js";

/** What sampling needs of a docs search: the areas and the one tool the agent calls. */
export interface SampledSearch {
  readonly areaNames: readonly string[];
  search(
    input: { query: string; area?: string },
    options: { caller: Caller; signal?: AbortSignal | undefined },
  ): Promise<{ output: SearchOutput }>;
}

/** The index could not be read: drafting from a partial sample would hide the outage. */
export class SampleUnavailableError extends Error {
  override name = "SampleUnavailableError";
}

// Words most documentation uses somewhere: the first probes, before the index's own titles take over.
const openingProbes = [
  "how to",
  "configure",
  "error",
  "install",
  "create",
  "update",
  "delete",
  "overview",
  "troubleshooting",
  "example",
];
const perSearch = 2;
const stopWords = new Set(
  "about after also before being between could does each from have into more most other over should some such than that their them then there these they this those through under what when where which while will with without would your".split(
    " ",
  ),
);

/**
 * Sections of the index, found the way an agent would: searches through the tool itself, so it
 * works on every backend (none has to list its records). It starts from the area names and a few
 * words most docs use, then snowballs on the words of the titles it finds, until it has `want`
 * distinct sections (two new ones a search at most, so they spread) or has made `maxSearches` searches. Every search is `{query, area}` as the
 * model sends it; an `unavailable` answer stops it with an error, never a smaller sample.
 */
export async function sampleSections(
  docs: SampledSearch,
  caller: Caller,
  {
    want,
    maxSearches = Math.max(60, want),
    signal,
  }: { want: number; maxSearches?: number; signal?: AbortSignal },
): Promise<DraftSource[]> {
  const found = new Map<string, DraftSource>();
  const probes: Array<{ query: string; area: string }> = [];
  const tried = new Set<string>();
  const enqueue = (query: string, area: string) => {
    const key = `${area}\u0000${query}`;
    if (tried.has(key)) return;
    tried.add(key);
    probes.push({ query, area });
  };
  for (const area of docs.areaNames) enqueue(area.replace(/[-_]+/g, " "), area);
  for (const query of openingProbes) for (const area of docs.areaNames) enqueue(query, area);

  let searches = 0;
  while (found.size < want && searches < maxSearches) {
    const probe = probes.shift();
    if (probe === undefined) break;
    searches += 1;
    const { output } = await docs.search(probe, { caller, signal });
    if (output.status === "unavailable") {
      throw new SampleUnavailableError(
        `the search was unavailable for "${probe.query}" in area ${probe.area} after ${found.size} sections: nothing was drafted (search-docs check says why)`,
      );
    }
    // Two new sections a search at most: the sample spreads over the areas and the probes.
    let taken = 0;
    for (const result of output.results) {
      if (found.has(result.ref) || taken === perSearch) continue;
      taken += 1;
      found.set(result.ref, {
        expect: result.ref,
        area: result.area,
        title: result.title,
        heading: "",
        text: result.passage,
      });
      // Titles name what the docs are about: the next probes go looking for their neighbours.
      for (const word of titleWords(result.title)) enqueue(word, result.area);
    }
  }
  return [...found.values()];
}

function titleWords(title: string): string[] {
  return (title.toLowerCase().match(/[\p{L}\p{N}][\p{L}\p{N}_-]*/gu) ?? []).filter(
    (word) => word.length >= 4 && !stopWords.has(word),
  );
}
