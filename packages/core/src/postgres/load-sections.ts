import { InvalidInputError } from "../errors/invalid-input-error.js";
import { type PostgresLayoutOptions, resolvePostgresLayout } from "./postgres-layout.js";
import type { PostgresQueryable } from "./postgres-pool.js";

/** One row of the default layout: one section of one document (DESIGN.md section 2, Records). */
export interface SectionRecord {
  collectionId: string;
  documentId: string;
  /** The section's 1-based position in its document. */
  section: number;
  title: string;
  heading: string;
  body: string;
  slug?: string;
  /** ISO 8601 date or date-time. */
  updatedAt?: string;
}

export interface LoadSectionsOptions extends PostgresLayoutOptions {
  /** Rows per INSERT statement. Default 500. */
  batchSize?: number;
  /** Delete each named document's rows first, so a document that lost sections loses their rows too. Default true. */
  replaceDocuments?: boolean;
}

/**
 * Writes sections into a table of the default layout (`postgresSchemaSql()`), upserting by
 * (collection id, document id, section), in one transaction. Values are bound, never written
 * into the SQL. Returns the rows written.
 */
export async function loadSections(
  pool: PostgresQueryable & { connect?: () => Promise<PostgresQueryable & { release(): void }> },
  sections: readonly SectionRecord[],
  options: LoadSectionsOptions = {},
): Promise<number> {
  const { table, columns: c } = resolvePostgresLayout(options);
  const batchSize = options.batchSize ?? 500;
  for (const [index, record] of sections.entries()) {
    if (
      typeof record.collectionId !== "string" ||
      record.collectionId === "" ||
      typeof record.documentId !== "string" ||
      record.documentId === "" ||
      !Number.isInteger(record.section) ||
      record.section < 1 ||
      typeof record.title !== "string"
    ) {
      throw new InvalidInputError({
        field: "sections",
        message: `sections[${index}] needs collectionId, documentId, a section from 1 and a title.`,
      });
    }
  }
  const client = pool.connect === undefined ? undefined : await pool.connect();
  const target: PostgresQueryable = client ?? pool;
  try {
    await target.query("begin");
    if (options.replaceDocuments ?? true) {
      const documents = [
        ...new Set(sections.map((record) => `${record.collectionId}\u0000${record.documentId}`)),
      ];
      await target.query(
        `delete from ${table} as row_to_replace
         using unnest($1::text[], $2::text[]) as named(collection_id, document_id)
         where row_to_replace.${c.collectionId} = named.collection_id and row_to_replace.${c.documentId} = named.document_id`,
        [
          documents.map((key) => key.split("\u0000")[0]),
          documents.map((key) => key.split("\u0000")[1]),
        ],
      );
    }
    for (let start = 0; start < sections.length; start += batchSize) {
      const batch = sections.slice(start, start + batchSize);
      await target.query(
        `insert into ${table} (${c.collectionId}, ${c.documentId}, ${c.section}, ${c.title}, ${c.heading}, ${c.body}, ${c.slug}, ${c.updatedAt})
         select * from unnest($1::text[], $2::text[], $3::integer[], $4::text[], $5::text[], $6::text[], $7::text[], $8::timestamptz[])
         on conflict (${c.collectionId}, ${c.documentId}, ${c.section}) do update set
           ${c.title} = excluded.${c.title}, ${c.heading} = excluded.${c.heading}, ${c.body} = excluded.${c.body},
           ${c.slug} = excluded.${c.slug}, ${c.updatedAt} = excluded.${c.updatedAt}`,
        [
          batch.map((record) => record.collectionId),
          batch.map((record) => record.documentId),
          batch.map((record) => record.section),
          batch.map((record) => record.title),
          batch.map((record) => record.heading ?? ""),
          batch.map((record) => record.body ?? ""),
          batch.map((record) => record.slug ?? null),
          batch.map((record) => record.updatedAt ?? null),
        ],
      );
    }
    await target.query("commit");
    return sections.length;
  } catch (error) {
    await target.query("rollback").catch(() => {});
    throw error;
  } finally {
    client?.release();
  }
}

/** A corpus document (`loadCorpus`'s shape) as section records, its area as the collection id unless told otherwise. */
export function sectionsOfDocument(
  document: {
    id: string;
    area: string;
    slug: string;
    title: string;
    updated: string;
    sections: readonly { heading: string; text: string }[];
  },
  collectionId: string = document.area,
): SectionRecord[] {
  return document.sections.map((section, index) => ({
    collectionId,
    documentId: document.id,
    section: index + 1,
    title: document.title,
    heading: section.heading,
    body: section.text,
    slug: document.slug,
    updatedAt: document.updated,
  }));
}
