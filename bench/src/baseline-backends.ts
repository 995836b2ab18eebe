// Another build's PostgreSQL and memory backends and its default reranker (`--baseline <its dist
// folder>`), so the quality bench measures them beside this build's in one run, through this
// build's createDocsSearch: the per-call time of a ranking change is compared side by side, not
// across runs on a machine whose load moves.

import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import type { UpstreamFusionReranker } from "@search-docs/core";
import type { postgresBackend as PostgresBackend } from "@search-docs/core/postgres";
import type { memoryBackend as MemoryBackend } from "@search-docs/core/testing";

export interface BaselineBackends {
  postgresBackend: typeof PostgresBackend;
  memoryBackend: typeof MemoryBackend;
  /** The build's default reranker, for the v2 API's arm (its backend code is this build's). */
  UpstreamFusionReranker: typeof UpstreamFusionReranker;
}

/** The two backend factories and the reranker of the build in `dist` (a copy of packages/core/dist). */
export async function loadBaselineBackends(dist: string): Promise<BaselineBackends> {
  const module = (path: string) => pathToFileURL(resolve(dist, path)).href;
  const postgres = (await import(module("postgres/index.js"))) as BaselineBackends;
  const testing = (await import(module("testing/index.js"))) as BaselineBackends;
  const root = (await import(module("index.js"))) as BaselineBackends;
  return {
    postgresBackend: postgres.postgresBackend,
    memoryBackend: testing.memoryBackend,
    UpstreamFusionReranker: root.UpstreamFusionReranker,
  };
}
