import type { FakeCollection } from "./build-collections.js";
import type { WireResponse } from "./wire-response.js";

/** Answers `GET …/documents/{document_id}`: the whole document, or 404 if not in this collection. */
export function answerDocument(collection: FakeCollection, documentId: string): WireResponse {
  const document = collection.documents.get(documentId);
  if (document === undefined) {
    return { status: 404, body: { error: "document_not_found" } };
  }
  return {
    status: 200,
    body: {
      document_id: document.id,
      title: document.title,
      slug: document.slug,
      updated_at: `${document.updated}T00:00:00Z`,
      sections: document.sections.map((section, index) => ({
        index,
        heading: section.heading,
        text: section.text,
      })),
    },
  };
}
