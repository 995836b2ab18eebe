import type { BackendHit, SearchBackend } from "@search-docs/core";

export interface Article {
  id: string;
  title: string;
  slug: string;
  updated: string;
  sections: readonly { heading: string; body: string }[];
}

const words = (text: string) => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];

/** Articles in arrays, one per collection id: a section scores how often it says the query's words. */
export function arrayBackend(collections: Record<string, Article[]>): SearchBackend {
  return {
    specificationVersion: "v1",
    name: "array",
    async searchPage({ collectionId, query, pageSize, continuation }) {
      const articles = collections[collectionId];
      // A collection we do not have is a setup mistake, never "nothing matched".
      if (articles === undefined)
        return { kind: "failed", cause: "misconfigured", reason: `no collection ${collectionId}` };
      if (continuation !== undefined && !/^\d+$/.test(continuation))
        return { kind: "failed", cause: "rejected" };
      const wanted = new Set(words(query));
      const hits: BackendHit[] = articles.flatMap((article) =>
        article.sections.map((section, index) => ({
          documentId: article.id,
          title: article.title,
          snippet: section.body.slice(0, 300),
          score: words(`${article.title} ${section.heading} ${section.body}`).filter((word) =>
            wanted.has(word),
          ).length,
          section: String(index + 1),
          slug: article.slug,
          updated: article.updated,
        })),
      );
      const ranked = hits
        .filter((hit) => hit.score > 0)
        .sort((left, right) => right.score - left.score);
      if (ranked.length === 0) return { kind: "no_match" };
      const start = Number(continuation ?? 0);
      const end = start + pageSize;
      const page = ranked.slice(start, end);
      return end < ranked.length
        ? { kind: "page", hits: page, more: true, next: String(end) }
        : { kind: "page", hits: page, more: false };
    },
    async getDocument({ collectionId, documentId }, attempt) {
      const articles = collections[collectionId];
      if (articles === undefined)
        return { kind: "failed", cause: "misconfigured", reason: `no collection ${collectionId}` };
      const article = articles.find((each) => each.id === documentId);
      if (article === undefined) return { kind: "not_found" };
      if (article.sections.length > attempt.limits.documentSections)
        return { kind: "failed", cause: "too_large" };
      const sections = article.sections.map((section, index) => ({
        section: String(index + 1),
        heading: section.heading,
        text: section.body,
      }));
      return {
        kind: "document",
        document: { title: article.title, slug: article.slug, updated: article.updated, sections },
      };
    },
  };
}
