import { refuseOption } from "./backend-options.js";

// The field names of the two section-record layouts (DESIGN.md section 2, "Records"), one
// definition for every engine that stores sections: Elasticsearch's fields, the hosted engines'
// record attributes and PostgreSQL's columns.

/** DocSearch record fields; paths with dots read nested objects or flat dotted keys alike. */
export interface DocSearchFields {
  url: string;
  anchor: string;
  content: string;
  /** The hierarchy's prefix: `hierarchy.` reads `hierarchy.lvl0`; `hierarchy_` reads `hierarchy_lvl0`. */
  hierarchyPrefix: string;
  /**
   * The page's URL without its anchor: get_document filters on it, so it must be filterable in
   * the index settings (Algolia `attributesForFaceting`, Meilisearch `filterableAttributes`,
   * Typesense an indexed field).
   */
  document: string;
  /** The record's position in its page (DocSearch's `weight.position`): orders a document's sections. */
  position: string;
  /** An optional date field (DocSearch writes none; a crawler can add one). */
  updated: string;
}

/** DESIGN section 2's records, one per section: the same names in every engine that stores them. */
export interface SectionFields {
  /** Filterable: get_document filters on it. */
  documentId: string;
  section: string;
  title: string;
  heading: string;
  body: string;
  slug: string;
  updatedAt: string;
}

export const defaultDocSearchFields: Readonly<DocSearchFields> = Object.freeze({
  url: "url",
  anchor: "anchor",
  content: "content",
  hierarchyPrefix: "hierarchy.",
  document: "url_without_anchor",
  position: "weight.position",
  updated: "updated_at",
});

export const defaultSectionFields: Readonly<SectionFields> = Object.freeze({
  documentId: "document_id",
  section: "section",
  title: "title",
  heading: "heading",
  body: "body",
  slug: "slug",
  updatedAt: "updated_at",
});

const fieldPattern = /^[A-Za-z0-9@_][A-Za-z0-9@_.-]{0,254}$/;

/**
 * The defaults with `overrides` (the option named `option`) laid over them: an unknown field or
 * a name that is not a plain field name (a `*` or `^` would change a query's meaning) is a
 * ConfigurationError naming `backend` and the option, never the value.
 */
export function fieldsOption<Fields extends object>(
  backend: string,
  option: string,
  defaults: Readonly<Fields>,
  overrides: Partial<Fields> | undefined,
): Fields {
  const fields = { ...defaults };
  for (const [name, value] of Object.entries(overrides ?? {})) {
    if (!Object.hasOwn(defaults, name)) {
      refuseOption(
        backend,
        option,
        `${option}.${name} is not a field; the fields are ${Object.keys(defaults).join(", ")}`,
      );
    }
    if (value === undefined) continue;
    const pattern =
      name === "hierarchyPrefix" ? /^[A-Za-z0-9@_][A-Za-z0-9@_.-]{0,200}$/ : fieldPattern;
    if (typeof value !== "string" || !pattern.test(value)) {
      refuseOption(
        backend,
        option,
        `${option}.${name} must be a field name (letters, digits, _ . - @)`,
      );
    }
    (fields as Record<string, string>)[name] = value;
  }
  return fields;
}
