import type { SearchBackend } from "../backend/search-backend.js";
import { UpstreamFusionReranker } from "./upstream-fusion-reranker.js";

/**
 * The document weight for a backend that scores each section's text alone, chosen on the shared
 * dev set only (issue 31, bench/README.md): with the v2 API's first stage it lifts the dev set's
 * recall@8 / MRR@8 from 0.892 / 0.785 to 0.912 / 0.801, 0.10–0.20 all gain, and the sets it was
 * not chosen on move from 0.956 / 0.857 to 0.978 / 0.874 (shared corpus) and from 0.978 / 0.914 to
 * 0.975 / 0.919 (the project's). On engines that score whole records (the folder, PostgreSQL, the
 * memory backend) the same weight cost the dev set 0.004–0.013 of recall@8, so they keep 0.
 */
export const sectionTextDocumentWeight = 0.15;

/** The default reranker for `backend`: its scores' blind spots decide the one weight that differs. */
export function rerankerFor(backend: Pick<SearchBackend, "scoring">): UpstreamFusionReranker {
  return backend.scoring === "section-text"
    ? new UpstreamFusionReranker({ documentWeight: sectionTextDocumentWeight })
    : new UpstreamFusionReranker();
}
