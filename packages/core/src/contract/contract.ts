// zod/mini, not the classic API: its functions tree-shake, so a bundle of createDocsSearch carries
// 23 KB of zod instead of 443 KB. These are zod 4 schemas all the same: z.parse, z.toJSONSchema
// and the frameworks' zod support take them.
import * as z from "zod/mini";

export const searchStatuses = ["ok", "no_matches", "unavailable"] as const;
export const documentStatuses = ["ok", "not_found", "no_access", "unavailable"] as const;

export type SearchStatus = (typeof searchStatuses)[number];
export type DocumentStatus = (typeof documentStatuses)[number];

/** What the model reads about each tool. Short: it is re-sent on every turn of every request. */
export const descriptions = Object.freeze({
  search_docs:
    "Search internal docs. status unavailable means search is down: " +
    "tell the user to retry, not that nothing exists.",
  get_document: "Read a document, starting at the section a search_docs ref points to.",
  query: "The user's question, in their own words",
  area: "Omit to search everything",
  prefer: "Sort: relevance, or recent for what changed lately",
  ref: "A ref exactly as search_docs or continue_ref gave it",
});

// Characters that show nothing: whitespace, controls, format characters (Cf), surrogates, the
// default-ignorable code points (variation selectors, fillers, tags) and the braille blank.
const invisibleCharacters =
  /[\p{White_Space}\p{Cc}\p{Cf}\p{Cs}\p{Default_Ignorable_Code_Point}\u2800\u3164\uffa0]/gu;

/** The model-facing schemas for one configuration's areas (DESIGN.md section 1). */
export function createContract<const AreaName extends string>(
  areaNames: readonly [AreaName, ...AreaName[]],
  { recency }: { recency: boolean },
) {
  const area = z.enum(areaNames);
  const prefer = described(z.optional(z.enum(["relevance", "recent"])), descriptions.prefer);
  const shape = {
    query: described(
      z.string().check(
        z.trim(),
        z.minLength(1),
        z.maxLength(1000),
        // Zero-width, bidi and other format characters, whitespace of every script, fillers: a
        // query of only those is as empty as "" to the user, and must not go upstream either.
        z.refine((query) => query.replace(invisibleCharacters, "") !== "", {
          message: "must not be empty (it holds only invisible characters)",
        }),
      ),
      descriptions.query,
    ),
    area: described(z.optional(area), descriptions.area),
    prefer,
  };
  // `prefer` exists only with the opt-in recency setting; the type keeps it optional either way.
  const searchInput = (
    recency ? z.object(shape) : z.object({ query: shape.query, area: shape.area })
  ) as z.ZodMiniObject<typeof shape>;

  const searchResult = z.object({
    ref: z.string(),
    title: z.string(),
    passage: z.string(),
    area,
    updated: z.nullable(z.string()),
  });
  const searchOutput = z.object({
    results: z.array(searchResult),
    more_matches_exist: z.boolean(),
    status: z.enum(searchStatuses),
  });

  // Any string: one this tool did not issue is `not_found` (DESIGN.md), a long one included;
  // get_document bounds what it echoes back (`limits.refChars`).
  const documentInput = z.object({ ref: described(z.string(), descriptions.ref) });
  const documentOutput = z.object({
    status: z.enum(documentStatuses),
    ref: z.string(),
    title: z.nullable(z.string()),
    area: z.nullable(area),
    updated: z.nullable(z.string()),
    content: z.nullable(z.string()),
    more_content_exists: z.boolean(),
    continue_ref: z.nullable(z.string()),
  });

  return { searchInput, searchOutput, documentInput, documentOutput };
}

/**
 * A schema with the description its JSON schema carries, as classic zod's `.describe()` records
 * it (in the global registry): zod/mini's own `z.describe` came after 4.1, where the peer range
 * starts.
 */
function described<Schema extends z.ZodMiniType>(schema: Schema, description: string): Schema {
  z.globalRegistry.add(schema as z.core.$ZodType, { description });
  return schema;
}

export type Contract<AreaName extends string = string> = ReturnType<
  typeof createContract<AreaName>
>;

/** search_docs input, as the model may send it. */
export interface SearchInput<AreaName extends string = string> {
  query: string;
  area?: AreaName | undefined;
  prefer?: "relevance" | "recent" | undefined;
}

export interface SearchResult {
  ref: string;
  title: string;
  passage: string;
  area: string;
  /** YYYY-MM-DD, or null when the backend did not say. */
  updated: string | null;
}

/** Exactly what the model sees from search_docs. */
export interface SearchOutput {
  results: SearchResult[];
  more_matches_exist: boolean;
  status: SearchStatus;
}

export interface DocumentInput {
  ref: string;
}

/** Exactly what the model sees from get_document. Fields are null unless status is ok. */
export interface DocumentOutput {
  status: DocumentStatus;
  ref: string;
  title: string | null;
  area: string | null;
  updated: string | null;
  content: string | null;
  more_content_exists: boolean;
  /** With more_content_exists: the ref to read on from (the first section, or place, not shown). */
  continue_ref: string | null;
}
