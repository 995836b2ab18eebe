import type { PageRequest } from "../backend/search-backend.js";
import type { MemoryDocument } from "../testing/memory-backend.js";

// The memory backend's tests share one caller, two small documents and one page request.

export const caller = { token: "reader-token-5d1e" };

export const documents: MemoryDocument[] = [
  {
    id: "alpha",
    title: "Alpha rotation",
    slug: "alpha",
    updated: "2026-01-01",
    sections: [
      { heading: "One", body: "rotate the signing key every quarter" },
      { heading: "Two", body: "nothing about it here" },
    ],
  },
  {
    id: "beta",
    title: "Beta",
    sections: [{ heading: "Only", body: "key key key rotation" }],
  },
];

/** A first-page request for `query` in the collection "docs", with `extra` on top. */
export const search = (query: string, extra: Partial<PageRequest> = {}): PageRequest => ({
  collectionId: "docs",
  query,
  pageSize: 20,
  continuation: undefined,
  ...extra,
});
