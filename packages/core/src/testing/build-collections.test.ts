import { describe, expect, it } from "vitest";
import { buildCollections } from "./build-collections.js";
import { collectionIdFor } from "./collection-id.js";
import type { CorpusDocument } from "./corpus-document.js";

const documents: CorpusDocument[] = Array.from({ length: 40 }, (_, index) => ({
  id: `doc-${index}`,
  area: index % 2 === 0 ? "runbooks" : "policies",
  slug: `doc-${index}`,
  title: `Document ${index}`,
  updated: "2024-01-01",
  sections: [{ heading: "Intro", text: `text number ${index}` }],
}));

describe("buildCollections", () => {
  it("keeps areas in first-seen order with stable ids", () => {
    const collections = buildCollections(documents, 1);
    expect(collections.map((collection) => [collection.area, collection.id])).toEqual([
      ["runbooks", collectionIdFor("runbooks", 0)],
      ["policies", collectionIdFor("policies", 0)],
    ]);
    expect(collections.every((collection) => collection.version === 1)).toBe(true);
  });

  it("splits an area across collections deterministically, losing nothing", () => {
    const first = buildCollections(documents, 3);
    const second = buildCollections(documents, 3);
    expect(first).toHaveLength(6);
    const ids = (collections: typeof first) =>
      collections.map((collection) => [...collection.documents.keys()]);
    expect(ids(first)).toEqual(ids(second));
    expect(ids(first).flat().sort()).toEqual(documents.map((document) => document.id).sort());
    // Every bucket of this 20-document area gets something: the hash spreads.
    expect(first.every((collection) => collection.documents.size > 0)).toBe(true);
  });

  it("rejects a collection count that is not a positive integer", () => {
    expect(() => buildCollections(documents, 0)).toThrow(/collectionsPerArea/);
    expect(() => buildCollections(documents, 1.5)).toThrow(/collectionsPerArea/);
  });
});
