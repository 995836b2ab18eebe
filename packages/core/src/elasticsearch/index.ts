// @search-docs/core/elasticsearch: Elasticsearch 8-9 and OpenSearch 2-3 as a search backend, over fetch.

export {
  basicCaller,
  type ElasticsearchAuth,
  type ElasticsearchAwsSigning,
} from "./elasticsearch-auth.js";
export {
  defaultElasticsearchFields,
  type ElasticsearchBackendOptions,
  type ElasticsearchFields,
  elasticsearchBackend,
} from "./elasticsearch-backend.js";
export {
  type ElasticsearchErrorRow,
  type ElasticsearchPartialRow,
  elasticsearchErrorTable,
  elasticsearchPartialTable,
} from "./elasticsearch-status-table.js";
