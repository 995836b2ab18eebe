import type { PageFormat } from "../backend-kit/page-sections.js";
import {
  elasticCrawlerFields,
  openCrawlerFields,
} from "../elasticsearch/elasticsearch-page-fields.js";
import { choiceValue, refuse } from "./config-checks.js";
import type { ReadValue } from "./engine-entry.js";

// The layout variables of the elasticsearch and opensearch engines (docs/elasticsearch.md): a
// record per section (the default), or per page, with the two crawlers' documents as presets.

/** The backend's record options, as the environment names them. */
export interface ElasticsearchLayoutValue {
  records?: "pages";
  pageFields?: typeof elasticCrawlerFields;
  pageFormat?: PageFormat;
}

const recordChoices = ["sections", "pages", "elastic-crawler", "open-crawler"] as const;

/** `<prefix>_RECORDS` and `<prefix>_PAGE_FORMAT`, checked: a format without page records is refused, not ignored. */
export function elasticsearchLayoutValue(
  value: ReadValue,
  prefix: string,
): ElasticsearchLayoutValue {
  const recordsName = `${prefix}_RECORDS`;
  const formatName = `${prefix}_PAGE_FORMAT`;
  const records = choiceValue(value, recordsName, recordChoices, "sections");
  if (records === "sections") {
    if (value(formatName) !== "") {
      refuse(
        formatName,
        `${formatName} applies to ${recordsName}=pages, elastic-crawler or open-crawler`,
      );
    }
    return {};
  }
  const pageFormat = choiceValue(value, formatName, ["plain", "markdown", "html"], "plain");
  const pageFields =
    records === "elastic-crawler"
      ? elasticCrawlerFields
      : records === "open-crawler"
        ? openCrawlerFields
        : undefined;
  return { records: "pages", pageFormat, ...(pageFields === undefined ? {} : { pageFields }) };
}
