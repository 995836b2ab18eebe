import type { BackendAttempt, BackendFailure } from "../backend/search-backend.js";
import { refuseOption } from "../backend-kit/backend-options.js";
import { isFailure } from "../backend-kit/malformed.js";
import {
  dimensionsOption,
  embedQuery,
  type QueryEmbed,
  queryEmbedOption,
} from "../backend-kit/query-vector.js";
import type { HttpAnswer, SendOptions } from "../backend-kit/send-request.js";
import { sendMultiSearch } from "./typesense-multi-search.js";

// Typesense's semantic first stage (https://typesense.org/docs/29.0/api/vector-search.html):
// the collection's embedding field, named by the app. An auto-embedding field (Typesense calls
// the model) goes in `query_by` beside the text fields, `vector_query: field:([], …)`; a field
// of vectors the app computed gets the app's embedding of the query in `vector_query`. "hybrid"
// (the default) keeps the user's words in `q` and fuses keyword and vector ranks (`alpha`, the
// vector rank's weight); "semantic" ranks by the vector alone (`q: *`). Either way the request
// is one `multi_search` with the same key, scoped filters, page and page size as keyword search.

export interface TypesenseSemanticOptions {
  /** The collection's embedding field: a `float[]` with `num_dim`, or an auto-embedding field. */
  field: string;
  /** "hybrid" (default): keyword and vector ranks fused; "semantic": the vector rank alone. */
  mode?: "hybrid" | "semantic";
  /** The vector rank's weight in the fusion, 0 to 1 (Typesense's `alpha`; its default 0.3). */
  alpha?: number;
  /** Nearest neighbours the vector side returns (`k`), 1 to 1000. Default 100. */
  k?: number;
  /** The query's embedding, for a field of the app's own vectors; leave it out for an auto-embedding field. */
  embed?: QueryEmbed;
  /** The field's `num_dim`: a vector of another length is refused before it is sent. */
  dimensions?: number;
}

export interface TypesenseSemantic {
  /** One search with the vector side added, answered as the GET endpoint would answer it. */
  search(
    collection: string,
    query: string,
    parameters: URLSearchParams,
    headers: Record<string, string>,
    attempt: BackendAttempt,
  ): Promise<HttpAnswer | BackendFailure>;
}

/** Typesense reads `vector_query` numbers as plain decimals: no exponent notation. */
function decimal(value: number): string {
  const text = String(value);
  return text.includes("e") ? value.toFixed(12).replace(/\.?0+$/, "") : text;
}

/** The option checked; the semantic search it configures, or undefined for keyword search. */
export function typesenseSemantic(
  backend: string,
  options: TypesenseSemanticOptions | undefined,
  wire: { origin: string; pathname: string; fetch: SendOptions["fetch"] },
): TypesenseSemantic | undefined {
  if (options === undefined) return undefined;
  const { field, mode = "hybrid", alpha, k = 100 } = options;
  if (typeof field !== "string" || !/^[A-Za-z0-9_.-]{1,128}$/.test(field)) {
    refuseOption(backend, "semantic.field", "semantic.field must name the embedding field");
  }
  if (mode !== "hybrid" && mode !== "semantic") {
    refuseOption(backend, "semantic.mode", 'semantic.mode must be "hybrid" or "semantic"');
  }
  if (alpha !== undefined && (typeof alpha !== "number" || !(alpha >= 0 && alpha <= 1))) {
    refuseOption(backend, "semantic.alpha", "semantic.alpha must be a number from 0 to 1");
  }
  if (!Number.isInteger(k) || k < 1 || k > 1000) {
    refuseOption(backend, "semantic.k", "semantic.k must be a whole number from 1 to 1000");
  }
  const embed = queryEmbedOption(backend, "semantic.embed", options.embed);
  const dimensions = dimensionsOption(backend, "semantic.dimensions", options.dimensions);
  const tuning = `k: ${k}${mode === "hybrid" && alpha !== undefined ? `, alpha: ${alpha}` : ""}`;
  return {
    async search(collection, query, parameters, headers, attempt) {
      const search = Object.fromEntries(parameters);
      const textFields = search.query_by ?? "";
      if (embed === undefined) {
        // The engine embeds `q` with the field's model: the field goes in query_by.
        search.query_by = mode === "hybrid" ? `${textFields},${field}` : field;
        search.vector_query = `${field}:([], ${tuning})`;
      } else {
        const vector = await embedQuery(embed, query, attempt, dimensions);
        if (isFailure(vector)) return vector;
        if (mode === "semantic") search.q = "*";
        search.vector_query = `${field}:([${vector.map(decimal).join(",")}], ${tuning})`;
      }
      return sendMultiSearch(
        { origin: wire.origin, pathname: wire.pathname, collection, parameters: search, headers },
        attempt,
        // Typesense's error bodies are short {"message"} objects, as on the GET endpoint.
        { fetch: wire.fetch, errorBodyBytes: 4 * 1024 },
      );
    },
  };
}
