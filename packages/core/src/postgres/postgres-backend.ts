import type { BackendAttempt, SearchBackend } from "../backend/search-backend.js";
import { isFailure } from "../backend-kit/malformed.js";
import { readOffset } from "../backend-kit/offset-continuation.js";
import { embedQuery } from "../backend-kit/query-vector.js";
import type { Caller } from "../contract/caller.js";
import { ConfigurationError } from "../errors/configuration-error.js";
import { queryWords } from "../text/query-words.js";
import { type PostgresLayoutOptions, resolvePostgresLayout } from "./postgres-layout.js";
import { pageRowReader } from "./postgres-page-rows.js";
import type { PostgresPool, PostgresQueryable } from "./postgres-pool.js";
import { type PostgresMatch, postgresQueries } from "./postgres-queries.js";
import type { PostgresRankingOptions } from "./postgres-ranking.js";
import { postgresRows, sectionRowReader } from "./postgres-rows.js";
import {
  type PostgresSemanticOptions,
  resolvePostgresSemantic,
  vectorLiteral,
} from "./postgres-semantic.js";
import { postgresSemanticQueries } from "./postgres-semantic-queries.js";
import { postgresTransaction } from "./postgres-transaction.js";
import { splitExclusions } from "./split-exclusions.js";

export interface PostgresBackendOptions extends PostgresLayoutOptions {
  /** A node-postgres `pg.Pool` (any object with its `connect`, `on` and `listenerCount`). */
  pool: PostgresPool;
  /**
   * Runs inside each attempt's transaction before the query, on the attempt's client: make the
   * caller known to row-level security your way (`SET LOCAL ROLE`, Supabase-style
   * `request.jwt.claims`). When set, the attempt runs as the end user: a 42501 is `forbidden`
   * (this user may not read the table), and `search_docs.caller_token` is not set for you.
   */
  prepareAttempt?: (client: PostgresQueryable, caller: Caller) => Promise<void>;
  /** `any` (default): sections holding any word, those matching as typed first; `all`: only those. */
  match?: PostgresMatch;
  /**
   * The longest one attempt waits on a table lock (a rebuild's ACCESS EXCLUSIVE) before it says
   * `rebuilding`, so core waits and retries within its rebuild budget instead of spending the
   * deadline on one wait. Default 500; always below the statement timeout.
   */
  lockTimeoutMs?: number;
  /** BM25's parameters and the weight of each part of a section (see defaultPostgresRanking). */
  ranking?: PostgresRankingOptions;
  /** A semantic first stage over a pgvector column, vector-only or hybrid (postgres-semantic.ts). */
  semantic?: PostgresSemanticOptions;
}

/**
 * A SearchBackend over PostgreSQL full-text search (DESIGN.md section 2): one short transaction
 * per attempt on a pooled client, with `statement_timeout` and `lock_timeout` from the time left,
 * the caller exposed to row-level security as `current_setting('search_docs.caller_token', true)`,
 * and a cancel request to the server when the attempt's signal fires. Areas map to
 * `collection_id` values.
 */
export function postgresBackend(options: PostgresBackendOptions): SearchBackend {
  const pool = options?.pool;
  if (
    typeof pool !== "object" ||
    pool === null ||
    typeof pool.connect !== "function" ||
    typeof pool.on !== "function"
  ) {
    throw new ConfigurationError({
      option: "pool",
      message:
        "postgresBackend needs { pool }: a node-postgres pg.Pool (new Pool({ connectionString })).",
    });
  }
  const layout = resolvePostgresLayout(options);
  const match = options.match ?? "any";
  if (match !== "any" && match !== "all") {
    throw new ConfigurationError({ option: "match", message: 'match must be "any" or "all".' });
  }
  const lockTimeoutMs = options.lockTimeoutMs ?? 500;
  if (!Number.isInteger(lockTimeoutMs) || lockTimeoutMs < 1) {
    throw new ConfigurationError({
      option: "lockTimeoutMs",
      message: "lockTimeoutMs must be a whole number of milliseconds, at least 1.",
    });
  }
  const prepareAttempt = options.prepareAttempt;
  if (prepareAttempt !== undefined && typeof prepareAttempt !== "function") {
    throw new ConfigurationError({
      option: "prepareAttempt",
      message: "prepareAttempt must be a function (client, caller) => Promise<void>.",
    });
  }
  const queries = postgresQueries(layout, match, options.ranking);
  const semantic = resolvePostgresSemantic(options.semantic, layout);
  const semanticQueries =
    semantic === undefined ? undefined : postgresSemanticQueries(layout, semantic, queries.lexical);
  // A page table's rows split into at most documentSections sections, in search and get_document alike.
  const page = layout.page;
  const sectionRows = postgresRows(sectionRowReader);
  const rowsFor = (attempt: BackendAttempt) =>
    page === undefined
      ? sectionRows
      : postgresRows(pageRowReader(page.format, attempt.limits.documentSections));
  // A stopped server emits 'error' on every idle pooled client, and the pool re-emits it: with no
  // listener that crashes the process. The pool drops those clients itself; a pool with a
  // listener of its own keeps it, and gets none of ours.
  if (typeof pool.listenerCount !== "function" || pool.listenerCount("error") === 0) {
    pool.on("error", () => {});
  }
  const inTransaction = postgresTransaction({
    pool,
    tableName: layout.tableName,
    lockTimeoutMs,
    prepareAttempt,
    semantic: semantic !== undefined,
  });

  return {
    specificationVersion: "v1",
    name: "postgres",

    async searchPage(request, attempt) {
      const pageSize = Math.max(1, Math.min(request.pageSize, attempt.limits.pageItems));
      const offset = readOffset(request.continuation);
      if (isFailure(offset)) return offset;
      const { included, excluded } = splitExclusions(request.query);
      const recent = request.prefer === "recent";
      const lexical = [
        layout.language,
        request.query,
        included,
        excluded,
        request.collectionId,
        pageSize + 1,
        offset,
        recent,
      ];
      let statement: { text: string; values: unknown[] } = {
        text: queries.search,
        values: lexical,
      };
      if (semantic !== undefined && semanticQueries !== undefined) {
        // Embedded before a client is taken: no pooled connection waits on the embedding provider.
        const vector = await embedQuery(
          semantic.embed,
          request.query,
          attempt,
          semantic.dimensions,
        );
        if (!Array.isArray(vector)) return vector;
        const literal = vectorLiteral(vector);
        statement = semantic.hybrid
          ? { text: semanticQueries.hybrid, values: [...lexical, literal] }
          : {
              text: semanticQueries.vector,
              values: [request.collectionId, literal, pageSize + 1, offset, recent],
            };
      }
      return inTransaction(attempt, "search", async (client) => {
        const result = await client.query(statement.text, statement.values);
        const words = queryWords(request.query);
        return rowsFor(attempt).page(result.rows, { pageSize, offset, words }, attempt);
      });
    },

    async getDocument(request, attempt) {
      const most = attempt.limits.documentSections;
      return inTransaction(attempt, "get_document", async (client) => {
        const result = await client.query(queries.document, [
          request.collectionId,
          request.documentId,
          most + 1,
        ]);
        return rowsFor(attempt).document(result.rows, most, attempt);
      });
    },
  };
}
