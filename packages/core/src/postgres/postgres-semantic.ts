import { refuseOption } from "../backend-kit/backend-options.js";
import {
  dimensionsOption,
  type QueryEmbed,
  queryEmbedOption,
} from "../backend-kit/query-vector.js";
import type { PostgresLayout } from "./postgres-layout.js";
import { quoteIdentifier } from "./quote-identifier.js";

/** pgvector's distances, by the name of the operator class an index on the column is built with. */
export type PostgresVectorDistance = "cosine" | "l2" | "inner_product";

/** A semantic first stage over a pgvector column of the sections table (the app's, never the model's). */
export interface PostgresSemanticOptions {
  /** The `vector(n)` column holding each section's embedding, e.g. `embedding`. */
  column: string;
  /** The app's query embedder: the query's vector is sent as a parameter, `$9::vector`. */
  embed: QueryEmbed;
  /** The column's dimensions: a query vector of another length is refused before it is sent. */
  dimensions?: number;
  /**
   * `true` (default): reciprocal rank fusion of the full-text ranking and the vector ranking,
   * in one statement. `false`: nearest sections by the vector alone.
   */
  hybrid?: boolean;
  /**
   * `cosine` (default, `<=>`), `l2` (`<->`) or `inner_product` (`<#>`): the one your index is
   * built for (`vector_cosine_ops`, `vector_l2_ops`, `vector_ip_ops`), or the index is not used.
   */
  distance?: PostgresVectorDistance;
}

/** The options checked, the column quoted. */
export interface PostgresSemantic {
  column: string;
  /** The column's name unquoted, as pg_attribute holds it. */
  columnName: string;
  embed: QueryEmbed;
  dimensions: number | undefined;
  hybrid: boolean;
  /** pgvector's operator for the distance: https://github.com/pgvector/pgvector#querying */
  operator: "<=>" | "<->" | "<#>";
  /** A distance `d` as a score, higher is better, in [0, 1]. */
  score: (distance: string) => string;
}

const name = "postgresBackend";

// pgvector's README ("Querying"): <-> L2 distance, <#> negative inner product, <=> cosine distance.
const distances: Record<PostgresVectorDistance, Pick<PostgresSemantic, "operator" | "score">> = {
  // Cosine distance is 1 - cosine similarity, in [0, 2].
  cosine: { operator: "<=>", score: (d) => `(1 - (${d}) / 2)` },
  l2: { operator: "<->", score: (d) => `(1 / (1 + (${d})))` },
  // <#> is the inner product negated (Postgres only scans an index in ascending order): a logistic of it.
  inner_product: { operator: "<#>", score: (d) => `(1 / (1 + exp(least(${d}, 700))))` },
};

/** Checks `semantic`; anything wrong is a ConfigurationError naming the option. */
export function resolvePostgresSemantic(
  options: PostgresSemanticOptions | undefined,
  layout: PostgresLayout,
): PostgresSemantic | undefined {
  if (options === undefined) return undefined;
  if (typeof options !== "object" || options === null) {
    refuseOption(name, "semantic", "semantic must be { column, embed }");
  }
  // A page row's sections are cut from its Markdown after ranking; one vector per page would rank
  // every section of it alike, so a pages table gets no semantic stage rather than a wrong one.
  if (layout.rows === "pages") {
    refuseOption(name, "semantic", 'semantic needs rows: "sections" (one embedding per section)');
  }
  if (typeof options.column !== "string" || options.column.includes(".")) {
    refuseOption(name, "semantic.column", "semantic.column must name a vector column of the table");
  }
  const column = quoteIdentifier(options.column, "semantic.column");
  const embed = queryEmbedOption(name, "semantic.embed", options.embed);
  // The query's vector has to come from somewhere: PostgreSQL embeds nothing itself.
  if (embed === undefined) {
    refuseOption(
      name,
      "semantic.embed",
      "semantic.embed is required: (text, { signal }) => vector",
    );
  }
  const dimensions = dimensionsOption(name, "semantic.dimensions", options.dimensions);
  const hybrid = options.hybrid ?? true;
  if (typeof hybrid !== "boolean") {
    refuseOption(name, "semantic.hybrid", "semantic.hybrid must be true or false");
  }
  const distance = options.distance ?? "cosine";
  if (!Object.hasOwn(distances, distance)) {
    refuseOption(
      name,
      "semantic.distance",
      'semantic.distance must be "cosine", "l2" or "inner_product"',
    );
  }
  return { column, columnName: options.column, embed, dimensions, hybrid, ...distances[distance] };
}

/** A vector in pgvector's text form, `[1,2,3]`: what `$n::vector` parses. */
export function vectorLiteral(vector: readonly number[]): string {
  return `[${vector.join(",")}]`;
}
