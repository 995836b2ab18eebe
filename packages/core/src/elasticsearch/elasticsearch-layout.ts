import type {
  BackendAttempt,
  BackendHit,
  DocumentOutcome,
  PageRequest,
} from "../backend/search-backend.js";
import { refuseOption } from "../backend-kit/backend-options.js";
import type { PageFormat } from "../backend-kit/page-sections.js";
import { fieldsOption } from "../backend-kit/record-fields.js";
import {
  defaultElasticsearchPageFields,
  type ElasticsearchPageFields,
} from "./elasticsearch-page-fields.js";
import { pageRecordLayout } from "./elasticsearch-page-layout.js";
import {
  defaultElasticsearchFields,
  type ElasticsearchFields,
  sectionRecordLayout,
} from "./elasticsearch-section-layout.js";
import type { SearchHit } from "./elasticsearch-wire.js";

// How an index's records are read (DESIGN.md section 2, "Records"): one record per section (the
// default), or one per page, whose sections the backend derives from the page's own headings.
// The backend asks the layout for its two request bodies and reads the answers with it.

/** What the backend needs of a layout: its request bodies and how it reads their answers. */
export interface ElasticsearchLayout {
  /** Most hits one request asks for (a page record's body comes with its hit). */
  readonly maxPageSize: number;
  /** The Search API body for a page of hits. */
  searchBody(
    request: PageRequest,
    page: { from: number; size: number },
    attempt: BackendAttempt,
  ): object;
  /** One hit, at `rank` in the walk, for the user's `query`; a string says what is wrong. */
  readHit(
    hit: SearchHit,
    rank: number,
    query: string,
    attempt: BackendAttempt,
  ): BackendHit | string;
  /** The Search API body that reads one document's records, within the result window. */
  documentBody(documentId: string, attempt: BackendAttempt, maxResultWindow: number): object;
  /** The document those records make. */
  readDocument(
    hits: readonly SearchHit[],
    attempt: BackendAttempt,
    maxResultWindow: number,
  ): DocumentOutcome;
}

export interface ElasticsearchLayoutOptions {
  /** `"sections"` (default): a record per section. `"pages"`: a record per page. */
  records?: "sections" | "pages";
  /** Section records' field names; defaults to `defaultElasticsearchFields`. */
  fields?: Partial<ElasticsearchFields>;
  /**
   * Page records' field names; defaults to `defaultElasticsearchPageFields`. Presets:
   * `elasticCrawlerFields` (the Elastic web crawler), `openCrawlerFields` (Elastic Open Crawler).
   */
  pageFields?: Partial<ElasticsearchPageFields>;
  /** How a page record's body is written: "plain" (default; with its `headings` list), "markdown", "html". */
  pageFormat?: PageFormat;
  /** Whose wire: the highlight's length limit is spelled differently. */
  flavor: "elasticsearch" | "opensearch";
  /** How much more a title match counts than a heading or body match (`title^3`). */
  titleBoost: number;
  /** Characters of the body highlight a hit carries as its passage. */
  passageChars: number;
}

const formats: readonly PageFormat[] = ["plain", "markdown", "html"];

/** The layout `options` name, every option checked: a wrong one is a ConfigurationError naming it. */
export function elasticsearchLayout(
  backend: string,
  options: ElasticsearchLayoutOptions,
): ElasticsearchLayout {
  const records = options.records ?? "sections";
  const { titleBoost, passageChars } = options;
  if (records === "sections") {
    // Options of the other layout would be ignored silently: say so instead.
    if (options.pageFields !== undefined) {
      refuseOption(backend, "pageFields", 'pageFields apply to records: "pages"');
    }
    if (options.pageFormat !== undefined) {
      refuseOption(backend, "pageFormat", 'pageFormat applies to records: "pages"');
    }
    const fields = fieldsOption(backend, "fields", defaultElasticsearchFields, options.fields);
    return sectionRecordLayout(fields, { titleBoost, passageChars });
  }
  if (records === "pages") {
    if (options.fields !== undefined) {
      refuseOption(backend, "fields", 'fields apply to records: "sections"; use pageFields');
    }
    const format = options.pageFormat ?? "plain";
    if (!formats.includes(format)) {
      refuseOption(backend, "pageFormat", 'pageFormat must be "plain", "markdown" or "html"');
    }
    const fields = fieldsOption(
      backend,
      "pageFields",
      defaultElasticsearchPageFields,
      options.pageFields,
    );
    return pageRecordLayout(fields, { format, flavor: options.flavor, titleBoost, passageChars });
  }
  return refuseOption(backend, "records", 'records must be "sections" or "pages"');
}
