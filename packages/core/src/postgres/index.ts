// @search-docs/core/postgres: PostgreSQL full-text search as a SearchBackend (node-postgres).
export type { QueryEmbed } from "../backend-kit/query-vector.js";
export {
  type LoadSectionsOptions,
  loadSections,
  type SectionRecord,
  sectionsOfDocument,
} from "./load-sections.js";
export {
  type PostgresBackendOptions,
  postgresBackend,
} from "./postgres-backend.js";
export {
  type EnvironmentPostgresConfig,
  postgresConfigFromEnvironment,
} from "./postgres-config-from-environment.js";
export {
  type PostgresErrorRow,
  postgresDriverErrorTable,
  postgresEndUserErrorTable,
  postgresErrorClassTable,
  postgresErrorTable,
} from "./postgres-error-table.js";
export {
  defaultPostgresColumns,
  type PostgresColumns,
  type PostgresLayoutOptions,
} from "./postgres-layout.js";
export { postgresPageIndexSql } from "./postgres-page-index-sql.js";
export {
  defaultPostgresPageColumns,
  type PostgresPageColumns,
} from "./postgres-page-layout.js";
export type { PostgresPool, PostgresPoolClient, PostgresQueryable } from "./postgres-pool.js";
export type { PostgresMatch } from "./postgres-queries.js";
export {
  defaultPostgresRanking,
  type PostgresRanking,
  type PostgresRankingOptions,
} from "./postgres-ranking.js";
export { postgresSchemaSql } from "./postgres-schema-sql.js";
export type { PostgresSemanticOptions, PostgresVectorDistance } from "./postgres-semantic.js";
export { postgresSemanticErrorTable } from "./postgres-semantic-error-table.js";
export { type MarkdownDocumentOptions, sectionsOfMarkdown } from "./sections-of-markdown.js";
