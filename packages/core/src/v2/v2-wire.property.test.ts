import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isSearchPage, wireSchemas } from "./v2-wire.js";

const searchPageSchema = wireSchemas().searchPage;

// Values near every edge of the schema: right and wrong types, empty and 64/65-character strings,
// negative, fractional, unsafe and non-finite numbers, null, arrays where objects belong.
const edges: readonly unknown[] = [
  undefined,
  null,
  "",
  "a",
  "7",
  "-12",
  "1.5",
  "x".repeat(64),
  "x".repeat(65),
  0,
  -0,
  3,
  -1,
  1.5,
  2 ** 53,
  -(2 ** 60),
  Number.NaN,
  Number.POSITIVE_INFINITY,
  true,
  false,
  [],
  {},
];
const edgy = fc.oneof(fc.constantFrom(...edges), fc.string(), fc.double(), fc.integer());

// Mostly valid, so most pages are wrong in one place at most: the edges are met one at a time.
const field = <Value>(valid: fc.Arbitrary<Value>) =>
  fc.oneof({ arbitrary: valid, weight: 6 }, { arbitrary: edgy, weight: 1 });
// Some records with fields left out, most with every field.
const someKeys = <Shape extends Record<string, fc.Arbitrary<unknown>>>(shape: Shape) =>
  fc.oneof(
    { arbitrary: fc.record(shape), weight: 4 },
    { arbitrary: fc.record(shape, { requiredKeys: [] }), weight: 1 },
  );

const item = someKeys({
  document_id: field(fc.string({ minLength: 1 })),
  title: field(fc.string()),
  score: field(fc.double({ noNaN: true, noDefaultInfinity: true })),
  snippet: field(fc.string()),
  updated_at: field(fc.option(fc.string())),
  slug: field(fc.option(fc.string())),
  section: field(fc.oneof(fc.nat(), fc.string({ minLength: 1, maxLength: 64 }))),
  extra: fc.anything(),
});

const page = someKeys({
  items: fc.oneof(fc.array(item, { maxLength: 4 }), edgy),
  next_cursor: field(fc.option(fc.string())),
  has_more: field(fc.boolean()),
  collection_version: field(
    fc.oneof(
      fc.integer(),
      fc.bigInt().map((version) => String(version)),
    ),
  ),
});

describe("isSearchPage", () => {
  it("accepts exactly what searchPageSchema accepts", () => {
    fc.assert(
      fc.property(fc.oneof(page, edgy), (value) => {
        expect(isSearchPage(value)).toBe(searchPageSchema.safeParse(value).success);
      }),
      { numRuns: 3000 },
    );
  });

  it("agrees with the schema on every edge value in every field, one field at a time", () => {
    const good = {
      items: [{ document_id: "d", title: "T", score: 1, snippet: "s", section: 0, slug: null }],
      has_more: true,
      next_cursor: "c",
      collection_version: 3,
    };
    let refused = 0;
    for (const edge of [...edges, "x".repeat(200)]) {
      for (const key of ["items", "next_cursor", "has_more", "collection_version"]) {
        const value = { ...good, [key]: edge };
        expect(isSearchPage(value), `${key}: ${String(edge)}`).toBe(
          searchPageSchema.safeParse(value).success,
        );
      }
      for (const key of [
        "document_id",
        "title",
        "score",
        "snippet",
        "updated_at",
        "slug",
        "section",
      ]) {
        const value = { ...good, items: [{ ...good.items[0], [key]: edge }] };
        const accepted = searchPageSchema.safeParse(value).success;
        if (!accepted) refused++;
        expect(isSearchPage(value), `item ${key}: ${String(edge)}`).toBe(accepted);
      }
    }
    expect(isSearchPage(good)).toBe(true);
    expect(refused).toBeGreaterThan(50);
  });

  it("accepts a well-formed page as it came, and refuses a bad item deep in it", () => {
    const good = {
      items: [
        { document_id: "d", title: "T", score: 1, snippet: "s", section: 0, slug: null },
        { document_id: "e", title: "U", score: 0.5, snippet: "t", section: "intro" },
      ],
      has_more: false,
      collection_version: "123456789012345678901234567890",
    };
    expect(isSearchPage(good)).toBe(true);
    const bad = structuredClone(good);
    (bad.items[1] as Record<string, unknown>).section = -1;
    expect(isSearchPage(bad)).toBe(false);
    expect(searchPageSchema.safeParse(bad).success).toBe(false);
  });
});
