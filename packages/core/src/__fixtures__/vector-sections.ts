import type { PGlite } from "@electric-sql/pglite";
import type pg from "pg";
import { loadSections, type SectionRecord } from "../postgres/load-sections.js";

// The pgvector tests' corpus: a few sections with fixed 3-dimensional embeddings chosen so each
// ranking can be computed by hand. For the query "alpha" (vector [1, 0, 0]):
//   words:  alpha-guide (alpha in its title, heading and body) > beta-notes (once) — no others;
//   cosine: gamma (1) > beta-notes (0.8) > alpha-guide (0) > delta (-1).
// `secrets` is another collection whose one section is as near as gamma and holds the word:
// it must never reach a search of `runbooks`. `teams` holds one section per team (row-level
// security by role), both nearest to the query.

const section = (
  collectionId: string,
  documentId: string,
  title: string,
  body: string,
): SectionRecord => ({
  collectionId,
  documentId,
  section: 1,
  title,
  heading: title,
  body,
  slug: documentId,
  updatedAt: "2026-05-04",
});

export const vectorSections: readonly (SectionRecord & { embedding: number[] })[] = [
  {
    ...section(
      "runbooks",
      "alpha-guide",
      "Alpha",
      "Alpha setup: run alpha, then check alpha again.",
    ),
    embedding: [0, 1, 0],
  },
  {
    ...section(
      "runbooks",
      "beta-notes",
      "Beta notes",
      "Release notes for beta; one step mentions alpha among many other words of the release.",
    ),
    embedding: [0.8, 0.6, 0],
  },
  {
    ...section("runbooks", "gamma", "Gamma", "Rotate the gamma keys every month."),
    embedding: [1, 0, 0],
  },
  { ...section("runbooks", "delta", "Delta", "Resize the delta volume."), embedding: [-1, 0, 0] },
  { ...section("secrets", "leak", "Alpha secrets", "alpha alpha alpha"), embedding: [1, 0, 0] },
  {
    ...section("teams", "team-a-page", "Team A", "Only team A may read this."),
    embedding: [1, 0, 0],
  },
  {
    ...section("teams", "team-b-page", "Team B", "Only team B may read this."),
    embedding: [0.9, 0.1, 0],
  },
];

/** The deterministic query embedder: fixed vectors per query, [0, 0, 1] for any other text. */
export const fixedVectors: Readonly<Record<string, readonly number[]>> = {
  alpha: [1, 0, 0],
  "beta notes": [0.8, 0.6, 0],
};
export const fixedEmbed = async (text: string): Promise<number[]> => [
  ...(fixedVectors[text] ?? [0, 0, 1]),
];

/**
 * The sections loaded through the backend's own pool, an `embedding vector(3)` column and a
 * `team` column added, and roles `team_a` and `team_b` that read only their team's rows of
 * `teams` (and every row without a team) under row-level security.
 */
export async function loadVectorSections(db: PGlite, pool: pg.Pool): Promise<void> {
  await loadSections(pool, vectorSections);
  await db.exec(`alter table search_docs_sections add column embedding vector(3);
    alter table search_docs_sections add column team text;
    update search_docs_sections set team = 'team_a' where document_id = 'team-a-page';
    update search_docs_sections set team = 'team_b' where document_id = 'team-b-page';
    create role team_a; create role team_b;
    grant select on search_docs_sections to team_a, team_b;
    alter table search_docs_sections enable row level security;
    create policy by_team on search_docs_sections using (team is null or team = current_user);`);
  for (const row of vectorSections) {
    await db.query(
      "update search_docs_sections set embedding = $1::vector where collection_id = $2 and document_id = $3",
      [`[${row.embedding.join(",")}]`, row.collectionId, row.documentId],
    );
  }
}
