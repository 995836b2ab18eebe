import type { BackendAttempt, BackendFailure } from "../backend/search-backend.js";
import { refuseOption } from "./backend-options.js";

/**
 * The app's query embedder, for engines that need the query's vector (a `vector` in Meilisearch,
 * `vector_query` in Typesense, `query_vector` in Elasticsearch, a pgvector column). Both
 * frameworks' embedders fit in one line, and the model never sees or chooses it:
 *
 * - AI SDK: `(text, { signal }) => embed({ model, value: text, abortSignal: signal }).then((r) => r.embedding)`
 * - LangChain: `(text) => embeddings.embedQuery(text)`
 */
export type QueryEmbed = (
  text: string,
  options: { signal: AbortSignal },
) => Promise<readonly number[]>;

/** The most dimensions a query vector may have: pgvector's `vector` type stores up to 16,000. */
export const maxQueryDimensions = 16_000;

/** `embed` checked as an option: a function, or a `ConfigurationError` naming the option. */
export function queryEmbedOption(
  backend: string,
  option: string,
  embed: unknown,
): QueryEmbed | undefined {
  if (embed === undefined) return undefined;
  if (typeof embed !== "function") refuseOption(backend, option, `${option} must be a function`);
  return embed as QueryEmbed;
}

/** `dimensions` checked as an option: a whole number from 1 to `maxQueryDimensions`. */
export function dimensionsOption(
  backend: string,
  option: string,
  dimensions: unknown,
): number | undefined {
  if (dimensions === undefined) return undefined;
  if (
    typeof dimensions !== "number" ||
    !Number.isInteger(dimensions) ||
    dimensions < 1 ||
    dimensions > maxQueryDimensions
  ) {
    refuseOption(
      backend,
      option,
      `${option} must be a whole number from 1 to ${maxQueryDimensions}`,
    );
  }
  return dimensions;
}

/**
 * The query's vector from the app's `embed`, inside the attempt: its signal bounds the call, so
 * the embedding counts against the same deadline as the search. What goes wrong is a failure
 * core knows, never an empty answer: a throw is `transient` (an embedding provider's outage or
 * rate limit; core's retry budget bounds it), an answer that is not a vector of finite numbers,
 * or not `dimensions` long, is `misconfigured` and sent nowhere. The reason names the error's
 * type only: an embedding client's message can carry its request URL or key.
 */
export async function embedQuery(
  embed: QueryEmbed,
  query: string,
  attempt: BackendAttempt,
  dimensions?: number,
): Promise<number[] | BackendFailure> {
  let answer: unknown;
  try {
    answer = await embed(query, { signal: attempt.signal });
  } catch (error) {
    const name = error instanceof Error && /^\w{1,64}$/.test(error.name) ? error.name : "error";
    return {
      kind: "transient",
      reason: attempt.signal.aborted
        ? "query embedding stopped by the attempt's signal"
        : `query embedding failed (${name})`,
    };
  }
  if (
    !Array.isArray(answer) ||
    answer.length === 0 ||
    answer.length > maxQueryDimensions ||
    !answer.every((value) => typeof value === "number" && Number.isFinite(value))
  ) {
    return {
      kind: "failed",
      cause: "misconfigured",
      reason: "query embedding is not a vector of finite numbers",
    };
  }
  if (dimensions !== undefined && answer.length !== dimensions) {
    return {
      kind: "failed",
      cause: "misconfigured",
      reason: `query embedding has ${answer.length} dimensions, the index ${dimensions}`,
    };
  }
  attempt.annotate({ attributes: { "search_docs.query_vector.dimensions": answer.length } });
  return answer as number[];
}
