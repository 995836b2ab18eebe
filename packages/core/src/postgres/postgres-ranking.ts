import { ConfigurationError } from "../errors/configuration-error.js";

/** How the PostgreSQL backend scores a section: BM25 over its weighted tsvector. */
export interface PostgresRanking {
  /** Term-frequency saturation. */
  k1: number;
  /** Length normalization, 0 (none) to 1 (full). */
  b: number;
  /** What one occurrence counts by where it is: the tsvector's weights A, B, C and D. */
  weights: { title: number; heading: number; body: number; other: number };
  /** Factor of a section matching the query as typed (every word, quoted phrases). */
  asTypedBoost: number;
}

/** The app's choices: any of them, each weight on its own. */
export type PostgresRankingOptions = Partial<Omit<PostgresRanking, "weights">> & {
  weights?: Partial<PostgresRanking["weights"]>;
};

/**
 * Chosen on ../shared/queries/dev-queries.jsonl only, through createDocsSearch (bench/src/
 * quality-bench.ts); the shared-corpus and project sets are reported, never tuned on.
 */
export const defaultPostgresRanking: Readonly<PostgresRanking> = Object.freeze({
  k1: 1.2,
  b: 0.75,
  weights: Object.freeze({ title: 2, heading: 1.5, body: 1, other: 1 }),
  // 1: plain BM25, as FTS5 ranks. 1.5 measured 0.808 MRR@8 against 1's 0.813 (dev set, issue 31).
  asTypedBoost: 1,
});

/** The defaults with the app's choices over them; a value that is not a finite number, or out of range, is a ConfigurationError. */
export function resolvePostgresRanking(options: PostgresRankingOptions = {}): PostgresRanking {
  const ranking: PostgresRanking = {
    ...defaultPostgresRanking,
    ...options,
    weights: { ...defaultPostgresRanking.weights, ...options.weights },
  };
  const check = (name: string, value: unknown, min: number, max: number) => {
    if (typeof value !== "number" || !Number.isFinite(value) || value < min || value > max) {
      throw new ConfigurationError({
        option: "ranking",
        message: `ranking.${name} must be a number from ${min} to ${max}; got ${JSON.stringify(value)}.`,
      });
    }
  };
  check("k1", ranking.k1, 0, 100);
  check("b", ranking.b, 0, 1);
  check("asTypedBoost", ranking.asTypedBoost, 1, 100);
  for (const [name, value] of Object.entries(ranking.weights))
    check(`weights.${name}`, value, 0, 100);
  return ranking;
}
