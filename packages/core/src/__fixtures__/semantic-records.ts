import { type HierarchyStyle, type HostedRecord, hashedEmbedding } from "@search-docs/test-servers";
import { expect } from "vitest";
import type { SearchBackend } from "../backend/search-backend.js";
import type { DocsSearch } from "../create-docs-search.js";
import { testAttempt } from "../testing/test-attempt.js";
import { records as teamRecords } from "./team-records.js";

// The hosted engines' semantic tests (Meilisearch hybrid, Typesense vector_query) share one
// corpus: the two teams' DocSearch records with a fixed vector each from a deterministic embedder
// (a hashed bag of words), one platform section's vector made from a phrase no record contains,
// so only the vector side of a search can reach it. Semantic quality is not measured with this.

export const dimensions = 16;
/** The phrase only the target section's vector holds. */
export const unreachable = "zebra quasar";
/** The query embedder the app would pass: the same hashed bag of words. */
export const embed = async (text: string) => hashedEmbedding(text, dimensions);
/** Page one of a search for the unreachable phrase in the `docs` collection. */
export const unreachablePage = {
  collectionId: "docs",
  query: unreachable,
  pageSize: 20,
  continuation: undefined,
};
/** An attempt as the caller holding the fake's unrestricted `plain-key`. */
export const plain = () => testAttempt({ caller: { token: "plain-key" } });

/**
 * The records, each with `vectorFields(its vector)` spread in, and the document id of the one
 * only the vector side reaches.
 */
export function semanticRecords<Vectors extends Record<string, unknown>>(
  style: HierarchyStyle,
  vectorFields: (vector: number[]) => Vectors,
): { records: (HostedRecord & Vectors)[]; targetId: string } {
  const base = teamRecords(style);
  const target = base.findIndex((record) => record.team === "platform");
  const records = base.map((record, index) => ({
    ...record,
    ...vectorFields(
      hashedEmbedding(index === target ? unreachable : String(record.content), dimensions),
    ),
  }));
  return { records, targetId: String(base[target]?.url_without_anchor) };
}

/**
 * A semantic setup the engine refuses: the backend's page is `failed: misconfigured` with
 * `reason`, and the tool over it says `unavailable` (never `no_matches`) with `inTrace` in the
 * trace's one failure.
 */
export async function expectMisconfigured<AreaName extends string>(
  backend: SearchBackend,
  docs: DocsSearch<AreaName>,
  reason: string,
  inTrace: string,
): Promise<void> {
  expect(await backend.searchPage(unreachablePage, plain())).toEqual({
    kind: "failed",
    cause: "misconfigured",
    reason,
  });
  const { output, trace } = await docs.search(
    { query: unreachable },
    { caller: { token: "plain-key" } },
  );
  expect(output.status).toBe("unavailable");
  expect(trace.failures).toMatchObject([
    { kind: "misconfigured", reason: expect.stringContaining(inTrace) },
  ]);
}
