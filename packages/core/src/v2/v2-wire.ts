import * as z from "zod/mini";
import type { Limits } from "../limits.js";
import type { FailureKind } from "../trace/trace.js";

// The backend's wire (DESIGN.md section 2). Unknown fields are dropped; optional ones may be
// missing or null. Anything else is a malformed body: that collection is unavailable.

// Built on first use, not at import: constructing them was the largest part of core's own
// cold-import time (every serverless start pays the import; only a call reads a page).
function buildWireSchemas() {
  const sectionIndex = z.union([
    z.int().check(z.nonnegative()),
    z.string().check(z.minLength(1), z.maxLength(64)),
  ]);

  // Any integer: a version past 2^53 - 1 is a version too (zod's `.int()` refuses those). JSON
  // numbers that large lose precision, so a version may also come as a string of digits.
  const collectionVersion = z.union([
    z.number().check(z.refine(Number.isInteger, "must be an integer")),
    z.string().check(z.regex(/^-?\d{1,64}$/, "must be an integer")),
  ]);

  const searchItem = z.object({
    document_id: z.string().check(z.minLength(1)),
    title: z.string(),
    score: z.number(),
    snippet: z.string(),
    updated_at: z.nullish(z.string()),
    slug: z.nullish(z.string()),
    section: z.nullish(sectionIndex),
  });

  return {
    searchItem,
    searchPage: z.object({
      items: z.array(searchItem),
      next_cursor: z.nullish(z.string()),
      has_more: z.boolean(),
      collection_version: z.nullish(collectionVersion),
    }),
    document: z.object({
      document_id: z.string().check(z.minLength(1)),
      title: z.string(),
      slug: z.nullish(z.string()),
      updated_at: z.nullish(z.string()),
      sections: z.array(
        z.object({
          index: sectionIndex,
          heading: z.string(),
          text: z.string(),
        }),
      ),
    }),
  };
}

type WireSchemas = ReturnType<typeof buildWireSchemas>;
let schemas: WireSchemas | undefined;

/** The wire's schemas, built once on first use. */
export function wireSchemas(): WireSchemas {
  schemas ??= buildWireSchemas();
  return schemas;
}

export type SearchItem = z.infer<WireSchemas["searchItem"]>;
export type SearchPage = z.infer<WireSchemas["searchPage"]>;
export type WireDocument = z.infer<WireSchemas["document"]>;

/** A body read off the wire: its value, or why that collection is unavailable. */
export type WireReading<Body> =
  | { ok: true; body: Body }
  | { ok: false; failure: Extract<FailureKind, "malformed" | "too_large">; reason: string };

/** What each kind of request expects back, and the bounds checked before the schema runs. */
export interface WireReader<Body> {
  read(text: string, limits: Limits): WireReading<Body>;
}

export const searchPageReader: WireReader<SearchPage> = {
  read(text, limits) {
    const json = parseJson(text);
    if (!json.ok) return json;
    // Counted before the schema walks them: the work stays bounded whatever the page holds.
    const items = countOver(json.value, "items", limits.pageItems);
    if (items !== undefined) {
      return {
        ok: false,
        failure: "malformed",
        reason: `malformed body: ${items} items for page_size 20 (at most ${limits.pageItems})`,
      };
    }
    // Nearly every page is well formed: checked by hand first, the schema walks only a page the
    // check refuses, for its message. The check accepts exactly what the schema accepts
    // (v2-wire.property.test.ts); the schema's copy of every item cost a tenth of a request's CPU.
    const parsed: WireReading<SearchPage> = isSearchPage(json.value)
      ? { ok: true, body: json.value }
      : validate(wireSchemas().searchPage, json.value);
    if (!parsed.ok) return parsed;
    const version = parsed.body.collection_version;
    if (typeof version === "number" && !Number.isSafeInteger(version)) {
      parsed.body.collection_version = exactVersion(text) ?? version;
    }
    return parsed;
  },
};

export const documentReader: WireReader<WireDocument> = {
  read(text, limits) {
    const json = parseJson(text);
    if (!json.ok) return json;
    const sections = countOver(json.value, "sections", limits.documentSections);
    if (sections !== undefined) {
      return {
        ok: false,
        failure: "too_large",
        reason: `document too large: ${sections} sections (at most ${limits.documentSections})`,
      };
    }
    return validate(wireSchemas().document, json.value);
  },
};

function parseJson(
  text: string,
): { ok: true; value: unknown } | Extract<WireReading<never>, { ok: false }> {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false, failure: "malformed", reason: "malformed body: not JSON" };
  }
}

function validate<Body>(schema: z.ZodMiniType<Body>, value: unknown): WireReading<Body> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return { ok: true, body: parsed.data };
  const issue = parsed.error.issues[0];
  const at = issue?.path.length ? issue.path.join(".") : "body";
  return {
    ok: false,
    failure: "malformed",
    reason: `malformed body: ${at}: ${issue?.message ?? "invalid"}`,
  };
}

/**
 * A version past 2^53 - 1, digit for digit from the body's text: as a number it has already lost
 * its last digits, so two different versions could compare equal. Only when the key occurs once
 * (a key inside a JSON string is escaped, `\"collection_version\"`, so it cannot match);
 * otherwise the rounded number stands.
 */
function exactVersion(text: string): string | undefined {
  const matches = [...text.matchAll(/"collection_version"\s*:\s*(-?\d+)(?![.eE\d])/g)];
  return matches.length === 1 ? matches[0]?.[1] : undefined;
}

/** The length of `value[key]` when it is an array longer than `limit`; otherwise undefined. */
function countOver(value: unknown, key: string, limit: number): number | undefined {
  if (typeof value !== "object" || value === null || !Object.hasOwn(value, key)) return undefined;
  const list = (value as Record<string, unknown>)[key];
  return Array.isArray(list) && list.length > limit ? list.length : undefined;
}

/**
 * The search page schema by hand, without copying: true exactly when the schema accepts `value`. The
 * body then keeps any unknown fields the schema would drop; nothing reads them.
 */
export function isSearchPage(value: unknown): value is SearchPage {
  if (!isRecord(value)) return false;
  const { items, next_cursor, has_more, collection_version } = value;
  if (!Array.isArray(items) || typeof has_more !== "boolean") return false;
  if (!isNullishString(next_cursor)) return false;
  if (
    collection_version !== undefined &&
    collection_version !== null &&
    !(typeof collection_version === "number" && Number.isInteger(collection_version)) &&
    !(typeof collection_version === "string" && /^-?\d{1,64}$/.test(collection_version))
  ) {
    return false;
  }
  for (const item of items) if (!isSearchItem(item)) return false;
  return true;
}

function isSearchItem(value: unknown): boolean {
  if (!isRecord(value)) return false;
  const { document_id, title, score, snippet, updated_at, slug, section } = value;
  return (
    typeof document_id === "string" &&
    document_id.length >= 1 &&
    typeof title === "string" &&
    typeof score === "number" &&
    Number.isFinite(score) &&
    typeof snippet === "string" &&
    isNullishString(updated_at) &&
    isNullishString(slug) &&
    (section === undefined ||
      section === null ||
      (typeof section === "number" && Number.isSafeInteger(section) && section >= 0) ||
      (typeof section === "string" && section.length >= 1 && section.length <= 64))
  );
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function isNullishString(value: unknown): boolean {
  return value === undefined || value === null || typeof value === "string";
}
