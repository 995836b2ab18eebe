// @search-docs/core/elasticsearch: Elasticsearch 8-9 and OpenSearch 2-3 as a search backend, over fetch.

export {
  basicCaller,
  type ElasticsearchAuth,
  type ElasticsearchAwsSigning,
} from "./elasticsearch-auth.js";
export {
  type ElasticsearchBackendOptions,
  elasticsearchBackend,
} from "./elasticsearch-backend.js";
export {
  defaultElasticsearchPageFields,
  type ElasticsearchPageFields,
  elasticCrawlerFields,
  openCrawlerFields,
} from "./elasticsearch-page-fields.js";
export {
  defaultElasticsearchFields,
  type ElasticsearchFields,
} from "./elasticsearch-section-layout.js";
export type { ElasticsearchSemanticOptions } from "./elasticsearch-semantic.js";
export {
  type ElasticsearchErrorRow,
  type ElasticsearchPartialRow,
  elasticsearchErrorTable,
  elasticsearchPartialTable,
} from "./elasticsearch-status-table.js";
