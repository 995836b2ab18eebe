import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MemoryRefStore } from "./memory-ref-store.js";
import { parseRef } from "./ref.js";
import { type MintRequest, mintRef } from "./ref-minter.js";

// Refs are model-visible and come back through get_document: every ref search issues must parse,
// must resolve to what it was issued for, and must carry no backend text outside the ref alphabet.

const refAlphabet = /^[a-z0-9_-]+\/[a-z0-9-]+(#[A-Za-z0-9_-]+)?$/;

const mintRequest: fc.Arbitrary<MintRequest> = fc.record({
  area: fc.constantFrom("runbooks", "api-reference", "on_call"),
  collectionId: fc.constantFrom("c1", "c2"),
  documentId: fc.oneof(fc.constantFrom("d1", "d2", "d3"), fc.string({ minLength: 1 })),
  slug: fc.option(fc.oneof(fc.constantFrom("key-rotation", "Key Rotation", ""), fc.string()), {
    nil: undefined,
  }),
  title: fc.oneof(
    fc.constantFrom("Key rotation", "Key rotation", "   "),
    fc.string({ unit: "binary" }),
  ),
  // The wire allows any section of 1-64 characters, or a non-negative integer (as a string here).
  section: fc.option(
    fc.oneof(
      fc.nat({ max: 40 }).map(String),
      fc.constantFrom("intro", "step_2", "a b", "§3", "](https://evil.example/?q=1)", "x\u0000y"),
      fc.string({ minLength: 1, maxLength: 64, unit: "binary" }),
    ),
    { nil: undefined },
  ),
});

const sameTarget = (left: MintRequest, right: MintRequest) =>
  left.area === right.area &&
  left.collectionId === right.collectionId &&
  left.documentId === right.documentId &&
  left.section === right.section;

describe("mintRef (property)", () => {
  it("every ref parses, uses only the ref alphabet, and resolves to what it was issued for", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(mintRequest, { minLength: 1, maxLength: 12 }), async (requests) => {
        const store = new MemoryRefStore();
        const issued: { ref: string; request: MintRequest }[] = [];
        for (const request of requests)
          issued.push({ ref: await mintRef(store, request), request });

        for (const { ref, request } of issued) {
          expect(ref).toMatch(refAlphabet);
          expect(parseRef(ref)?.area).toBe(request.area);
          // Still pointing where it pointed when issued, after everything minted since.
          expect(await store.get(ref)).toEqual({
            area: request.area,
            collectionId: request.collectionId,
            documentId: request.documentId,
            ...(request.section === undefined ? {} : { section: request.section }),
          });
        }
        // Two targets never share a ref, and the same hit minted again gets the same ref (a
        // changed title may give a document a second ref; both resolve to it).
        for (const left of issued)
          for (const right of issued) {
            if (left.ref === right.ref) expect(sameTarget(left.request, right.request)).toBe(true);
            if (JSON.stringify(left.request) === JSON.stringify(right.request))
              expect(left.ref).toBe(right.ref);
          }
      }),
      { numRuns: 300 },
    );
  });

  it("a backend slug that looks like another document's suffixed slug does not repoint its ref", async () => {
    const base = {
      area: "runbooks",
      collectionId: "c1",
      title: "Key rotation",
      section: undefined,
    };
    const first = { ...base, documentId: "d1", slug: "key-rotation" };
    const second = { ...base, documentId: "d2", slug: "key-rotation" };
    // Learn the suffixed slug the second document gets, then let a third document own it first.
    const scratch = new MemoryRefStore();
    await mintRef(scratch, first);
    const suffixed = parseRef(await mintRef(scratch, second))?.slug as string;
    const third = { ...base, documentId: "d3", slug: suffixed };

    const store = new MemoryRefStore();
    const thirdRef = await mintRef(store, third);
    await mintRef(store, first);
    const secondRef = await mintRef(store, second);
    expect(secondRef).not.toBe(thirdRef);
    expect((await store.get(thirdRef))?.documentId).toBe("d3");
    expect((await store.get(secondRef))?.documentId).toBe("d2");
  });
});
