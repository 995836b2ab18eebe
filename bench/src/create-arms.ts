import {
  type PagingPolicy,
  type Reranker,
  rerankerFor,
  type UpstreamFusionOptions,
  UpstreamFusionReranker,
} from "@search-docs/core";
import { type ArmCall, createDocsSearchArm } from "./docs-search-arm.ts";
import { seedSerialSearch } from "./seed-serial-search.ts";
import { upstreamScoreReranker } from "./upstream-score-reranker.ts";

export const armNames = ["one-page", "seed-serial", "all-pages", "search-docs"] as const;
export type ArmName = (typeof armNames)[number];

export interface ArmsOptions {
  baseUrl: string;
  areas: Readonly<Record<string, readonly string[]>>;
  headers: Record<string, string>;
  /** Overrides of the default reranker's parameters (tuning); none in a normal run. */
  rerankerOptions?: Partial<UpstreamFusionOptions>;
  /** A reranker to use instead (tuning captures candidates through one). */
  reranker?: Reranker;
  /** Overrides of the default paging policy (tuning); none in a normal run. */
  paging?: Partial<PagingPolicy>;
  fetch?: typeof globalThis.fetch;
}

/**
 * The four arms, fresh (no retry budget spent, nothing remembered), all against one service:
 * - one-page: the first page of each collection, top 8 by upstream score;
 * - seed-serial: the seed's loop (seed-serial-search.ts);
 * - all-pages: search-docs walking every page up to the cap;
 * - search-docs: search-docs as shipped.
 */
export function createArms(options: ArmsOptions): Record<ArmName, ArmCall> {
  const { baseUrl, areas, headers } = options;
  const fetch = options.fetch === undefined ? {} : { fetch: options.fetch };
  // The v2 API's default reranker (rerankerFor), its parameters overridden when tuning.
  const reranker =
    options.reranker ??
    new UpstreamFusionReranker({
      ...rerankerFor({ scoring: "section-text" }).options,
      ...options.rerankerOptions,
    });
  const paging = options.paging ?? {};
  return {
    "one-page": createDocsSearchArm({
      baseUrl,
      areas,
      headers,
      configure: { reranker: upstreamScoreReranker, limits: { maxUpstreamPages: 1 }, ...fetch },
    }),
    "seed-serial": (input) =>
      seedSerialSearch({ baseUrl, areas, reranker, ...fetch }, input, headers),
    "all-pages": createDocsSearchArm({
      baseUrl,
      areas,
      headers,
      configure: { reranker, paging: { ...paging, mode: "exhaustive" }, ...fetch },
    }),
    "search-docs": createDocsSearchArm({
      baseUrl,
      areas,
      headers,
      configure: { reranker, paging, ...fetch },
    }),
  };
}
