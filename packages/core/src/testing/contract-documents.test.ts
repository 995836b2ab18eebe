import { describe, expect, it } from "vitest";
import {
  contractAbsentQuery,
  contractCommonWord,
  contractDocuments,
  contractReadDocumentKey,
  contractUniqueDocumentKey,
  contractUniqueWord,
} from "./contract-documents.js";

// The checks of backendContract decide on these facts of the corpus; a text edit must keep them.
const holds = (word: string, text: string) => new RegExp(`\\b${word}\\b`, "i").test(text);
const sections = contractDocuments().flatMap((document) =>
  document.sections.map((section) => ({ document, ...section })),
);

describe("contractDocuments", () => {
  it("holds six to ten documents of two to five sections, keys and slugs unique", () => {
    const documents = contractDocuments();
    expect(documents.length).toBeGreaterThanOrEqual(6);
    expect(documents.length).toBeLessThanOrEqual(10);
    for (const document of documents) {
      expect(document.sections.length).toBeGreaterThanOrEqual(2);
      expect(document.sections.length).toBeLessThanOrEqual(5);
      expect(document.updated).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
    expect(new Set(documents.map((document) => document.key)).size).toBe(documents.length);
    expect(new Set(documents.map((document) => document.slug)).size).toBe(documents.length);
  });

  it("has its unique word in one body section only, never in a title or heading", () => {
    const found = sections.filter((section) => holds(contractUniqueWord, section.body));
    expect(found.map((section) => section.document.key)).toEqual([contractUniqueDocumentKey]);
    for (const section of sections) {
      expect(
        holds(contractUniqueWord, section.heading) ||
          holds(contractUniqueWord, section.document.title),
      ).toBe(false);
    }
  });

  it("has its common word in eight sections of four documents, and the absent words nowhere", () => {
    const found = sections.filter((section) =>
      holds(contractCommonWord, `${section.heading} ${section.body}`),
    );
    expect(found).toHaveLength(8);
    expect(new Set(found.map((section) => section.document.key)).size).toBe(4);
    for (const word of contractAbsentQuery.split(" ")) {
      for (const section of sections) {
        expect(
          `${section.document.title} ${section.heading} ${section.body}`.toLowerCase(),
        ).not.toContain(word);
      }
    }
  });

  it("has the read document of four sections, with a word only its fourth section holds", () => {
    const document = contractDocuments().find((each) => each.key === contractReadDocumentKey);
    expect(document?.sections).toHaveLength(4);
    const fourteen = sections.filter((section) =>
      holds("fourteen", `${section.heading} ${section.body} ${section.document.title}`),
    );
    expect(fourteen.map((section) => [section.document.key, section.heading])).toEqual([
      [contractReadDocumentKey, "Roll back"],
    ]);
  });

  it("is frozen, so no setup can change it for the checks after it", () => {
    const [first] = contractDocuments();
    expect(Object.isFrozen(contractDocuments())).toBe(true);
    expect(Object.isFrozen(first)).toBe(true);
    expect(Object.isFrozen(first?.sections[0])).toBe(true);
  });
});
