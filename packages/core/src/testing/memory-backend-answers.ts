import type { BackendHit, DocumentOutcome } from "../backend/search-backend.js";
import { bestPassage } from "../text/best-passage.js";
import type { SectionRecord } from "./memory-backend-index.js";
import type { MemoryDocument } from "./memory-backend-options.js";

/** A ranked section as a hit: its passage cut where most of the question's words are. */
export function sectionHit(
  record: SectionRecord,
  score: number,
  words: readonly string[],
  passageChars: number,
): BackendHit {
  const { document, position } = record;
  const body = document.sections[position]?.body ?? "";
  return {
    documentId: document.id,
    title: document.title,
    snippet: bestPassage(body, words, passageChars),
    score,
    section: String(position + 1),
    ...(document.slug === undefined ? {} : { slug: document.slug }),
    ...(document.updated === undefined ? {} : { updated: document.updated }),
  };
}

/** A document read: all its sections numbered from 1, or too_large over `maxSections`. */
export function documentAnswer(document: MemoryDocument, maxSections: number): DocumentOutcome {
  if (document.sections.length > maxSections) {
    return {
      kind: "failed",
      cause: "too_large",
      reason: `${document.sections.length} sections, over limits.documentSections`,
    };
  }
  return {
    kind: "document",
    document: {
      title: document.title,
      ...(document.slug === undefined ? {} : { slug: document.slug }),
      ...(document.updated === undefined ? {} : { updated: document.updated }),
      sections: document.sections.map((section, position) => ({
        section: String(position + 1),
        heading: section.heading,
        text: section.body,
      })),
    },
  };
}
