import { z } from "zod";

// The backend's wire (DESIGN.md section 2). Unknown fields are dropped; optional ones may be
// missing or null. Anything else is a malformed body: that collection is unavailable.

const sectionIndex = z.union([z.number().int().nonnegative(), z.string().min(1).max(64)]);

export const searchItemSchema = z.object({
  document_id: z.string().min(1),
  title: z.string(),
  score: z.number(),
  snippet: z.string(),
  updated_at: z.string().nullish(),
  slug: z.string().nullish(),
  section: sectionIndex.nullish(),
});

export const searchPageSchema = z.object({
  items: z.array(searchItemSchema),
  next_cursor: z.string().nullish(),
  has_more: z.boolean(),
  collection_version: z.number().int().nullish(),
});

export const documentSchema = z.object({
  document_id: z.string().min(1),
  title: z.string(),
  slug: z.string().nullish(),
  updated_at: z.string().nullish(),
  sections: z.array(
    z.object({
      index: sectionIndex,
      heading: z.string(),
      text: z.string(),
    }),
  ),
});

export type SearchItem = z.infer<typeof searchItemSchema>;
export type SearchPage = z.infer<typeof searchPageSchema>;
export type WireDocument = z.infer<typeof documentSchema>;
