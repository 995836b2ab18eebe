import { refuseOption } from "./backend-options.js";
import { docSearchLayout } from "./docsearch-layout.js";
import type { RecordLayout } from "./read-record.js";
import {
  type DocSearchFields,
  defaultDocSearchFields,
  defaultSectionFields,
  fieldsOption,
  type SectionFields,
} from "./record-fields.js";
import { sectionsLayout } from "./sections-layout.js";

// How the engines' records map onto the seam (DESIGN.md section 2, "Records"): "docsearch"
// (docsearch-layout.ts) or "sections" (sections-layout.ts), chosen by a backend's options.

export { pageTopSection } from "./docsearch-layout.js";
export { fieldValue, type RawRecord, type RecordLayout } from "./read-record.js";
export type { DocSearchFields, SectionFields } from "./record-fields.js";
export { defaultDocSearchFields, defaultSectionFields, fieldsOption } from "./record-fields.js";
export { sectionsLayout } from "./sections-layout.js";

export interface RecordLayoutOptions {
  records?: "docsearch" | "sections";
  docsearchFields?: Partial<DocSearchFields>;
  sectionFields?: Partial<SectionFields>;
}

export function recordLayout(backend: string, options: RecordLayoutOptions): RecordLayout {
  const records = options.records ?? "docsearch";
  // Field names for the other layout would be ignored silently: say so instead.
  if (records === "docsearch" && options.sectionFields !== undefined) {
    refuseOption(backend, "sectionFields", 'sectionFields apply to records: "sections"');
  }
  if (records === "sections" && options.docsearchFields !== undefined) {
    refuseOption(backend, "docsearchFields", 'docsearchFields apply to records: "docsearch"');
  }
  if (records === "docsearch") {
    return docSearchLayout(
      fieldsOption(backend, "docsearchFields", defaultDocSearchFields, options.docsearchFields),
    );
  }
  if (records === "sections") {
    return sectionsLayout(
      fieldsOption(backend, "sectionFields", defaultSectionFields, options.sectionFields),
    );
  }
  refuseOption(backend, "records", 'records must be "docsearch" or "sections"');
}
