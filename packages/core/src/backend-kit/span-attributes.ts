import type { BackendAttempt } from "../backend/search-backend.js";

/** What one attempt asks of its engine, for the span (OpenTelemetry's database conventions). */
export interface EngineOperation {
  /** `db.system.name`: "elasticsearch", "postgresql", "algolia", ... */
  system: string;
  /** `db.collection.name`: the index, collection or table. */
  collection: string;
  /** `search_docs.operation`: which of the backend's two methods. */
  operation: "search" | "get_document";
  /** `db.operation.name`: the engine's word for it ("search", "SELECT"). */
  engineOperation?: string;
  /** More attributes (`server.address`, ...). */
  extra?: Record<string, string | number>;
}

/** The attempt's span attributes for one engine operation. */
export function annotateOperation(attempt: BackendAttempt, operation: EngineOperation): void {
  attempt.annotate({ attributes: operationAttributes(operation) });
}

export function operationAttributes({
  system,
  collection,
  operation,
  engineOperation = "search",
  extra,
}: EngineOperation): Record<string, string | number> {
  return {
    "db.system.name": system,
    "db.operation.name": engineOperation,
    "db.collection.name": collection,
    "search_docs.operation": operation,
    ...extra,
  };
}
