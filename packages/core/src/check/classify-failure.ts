import type { TraceFailure } from "../trace/trace.js";
import type { CheckStep } from "./check-report.js";

/** Names a fix needs: which variables hold where the engine is and the credential. */
export interface FixContext {
  label: string;
  origin: string;
  /** The variable naming where the engine is (SEARCH_DOCS_TYPESENSE_URL, --docs, ...). */
  whereVariable: string;
  /** The variable holding the credential, when the engine takes one. */
  credentialVariable: string | undefined;
  /** What the credential must be ("a search key"). */
  credentialKind: string;
  /** The word for a collection in this engine ("index", "collection", "table"). */
  collectionWord: string;
}

export interface Classified {
  step: CheckStep;
  detail: string;
  fix: string;
}

// The reasons the backends give a semantic search the engine refused, or an app's `embed` that
// failed: their semantic status rows' codes and labels (meilisearch-semantic-rows.ts,
// typesense-semantic-rows.ts, elasticsearch-semantic-errors.ts, postgres-semantic-error-table.ts)
// and query-vector.ts's words. A missing embedder (or OpenSearch search pipeline, or pgvector
// extension) is "misconfigured", as a missing index is: the fix is not the same.
const semanticRefusal =
  /invalid_search_embedder|invalid_vector_dimensions|invalid_search_vector|invalid_search_hybrid_query|invalid_search_semantic_ratio|vector_embedding_error|feature_not_enabled|embedding field|vector query|vector field|knn field|semantic_text|query vector|query embedding|could not embed|search pipeline|hybrid query|pgvector/;

/**
 * Which step a failed probe or read stopped at, and its fix, from the trace's typed failure:
 * a refused credential, a collection the engine does not know, an engine nothing answered for.
 * The reason is the backend's own words (a status, a SQLSTATE, never a credential).
 */
export function classifyFailure(
  failure: Pick<TraceFailure, "kind" | "reason">,
  collectionId: string,
  context: FixContext,
): Classified {
  const detail = `${failure.kind}: ${failure.reason}`;
  const credential = context.credentialVariable ?? "the credential";
  if (semanticRefusal.test(failure.reason)) {
    return {
      step: "semantic",
      detail,
      fix: `fix the semantic option (the embedder, vector field or search pipeline it names, its embed, its dimensions) for ${context.collectionWord} ${collectionId}; with a key that may read ${context.label}'s settings, check names which (docs/check.md)`,
    };
  }
  switch (failure.kind) {
    case "network":
    case "timeout":
    case "deadline":
      return {
        step: "reach",
        detail,
        fix: `start ${context.label} at ${context.origin}, or set ${context.whereVariable} to where it runs`,
      };
    case "redirect":
      return {
        step: "reach",
        detail,
        fix: `set ${context.whereVariable} to the URL the redirect points at (redirects are never followed)`,
      };
    case "unauthorized":
      return {
        step: "credentials",
        detail,
        fix: `set ${credential} to ${context.credentialKind} ${context.collectionWord} ${collectionId}`,
      };
    case "misconfigured":
      // The v2 backend's 404 from a server that is not the v2 API: the URL is wrong, not the area.
      if (/not the v2 API's answer/.test(failure.reason)) {
        return {
          step: "reach",
          detail,
          fix: `set ${context.whereVariable} to the v2 API's base URL: the server at ${context.origin} is another one`,
        };
      }
      // PostgreSQL's undefined_column: the table is there, its layout is not the backend's.
      if (/42703/.test(failure.reason)) {
        return {
          step: "layout",
          detail,
          fix: `give ${context.collectionWord} ${collectionId}'s table the columns the backend reads (docs/check.md)`,
        };
      }
      return {
        step: "collection",
        detail,
        fix: `create the ${context.collectionWord} \`${collectionId}\` or fix SEARCH_DOCS_AREAS`,
      };
    case "malformed":
      return {
        step: "layout",
        detail,
        fix: `index ${context.collectionWord} ${collectionId} in the layout the backend reads (docs/check.md), or set the engine's RECORDS variable to its layout`,
      };
    case "reindexing":
    case "load_shedding":
      return {
        step: "probe",
        detail,
        fix: `wait until ${context.label} is done reindexing or shedding load, then run check again`,
      };
    default:
      // A backend's transient error with a driver code (ECONNREFUSED, ENOTFOUND) is a network one.
      if (
        /network error|ECONNREFUSED|ENOTFOUND|EAI_AGAIN|ETIMEDOUT|EHOSTUNREACH/.test(failure.reason)
      ) {
        return {
          step: "reach",
          detail,
          fix: `start ${context.label} at ${context.origin}, or set ${context.whereVariable} to where it runs`,
        };
      }
      return {
        step: "probe",
        detail,
        fix: `read ${context.label}'s log for this error at ${context.origin}; the backend's status table is in docs/backends.md`,
      };
  }
}
