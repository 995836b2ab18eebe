import { analyze, analyzeWithOffsets, tagTerms } from "./analyze-text.js";
import { type EngineError, parsingError } from "./fake-elasticsearch-errors.js";

// The Search API's request body as the fake server understands it: the subset of the Query DSL
// the engines document for full-text search (Elasticsearch "Query DSL": match, multi_match,
// query_string, term, bool, match_all, function_score with gauss decays; "Sort search results";
// "Highlighting"; "Retrieve selected fields" (_source); "Track total hits"; Search API
// `timeout`). Anything else is refused with a 400 parsing_exception, as the engines' parser
// refuses an unknown key or query.

/** One indexed record (a section), as stored: its index, its `_id` and its `_source`. */
export interface FakeRecord {
  index: string;
  id: string;
  source: Record<string, unknown>;
}

export type FakeQuery =
  | { kind: "match_all" }
  | { kind: "text"; text: string; fields: Array<{ name: string; boost: number }>; syntax: boolean }
  | { kind: "term"; field: string; value: unknown }
  /** Records by `_id` (Elasticsearch "IDs query", https://www.elastic.co/guide/en/elasticsearch/reference/current/query-dsl-ids-query.html). */
  | { kind: "ids"; values: readonly string[] }
  | {
      kind: "bool";
      must: FakeQuery[];
      filter: FakeQuery[];
      should: FakeQuery[];
      mustNot: FakeQuery[];
    }
  /** function_score with gauss decays on date fields, boost_mode multiply ("Function score query"). */
  | { kind: "function_score"; query: FakeQuery; decays: FakeDecay[] };

export interface FakeDecay {
  field: string;
  originMs: number;
  scaleMs: number;
  offsetMs: number;
  decay: number;
}

export interface FakeSortKey {
  field: string;
  order: "asc" | "desc";
}

export interface FakeHighlightField {
  fragmentSize: number;
  fragments: number;
  noMatchSize: number;
  preTag: string;
  postTag: string;
}

export interface FakeSearchBody {
  query: FakeQuery;
  from: number;
  size: number;
  trackTotalHits: boolean | number;
  sort: FakeSortKey[];
  trackScores: boolean;
  source: readonly string[] | boolean;
  highlight: Record<string, FakeHighlightField>;
  /**
   * The highlight's `max_analyzed_offset` (Elasticsearch 7.12+) or `max_analyzer_offset`
   * (OpenSearch 2.2+): characters of a field analyzed for highlighting, past which no error.
   */
  highlightMaxOffset?: number;
  timeoutMs?: number;
}

const topLevelKeys = new Set([
  "query",
  "from",
  "size",
  "track_total_hits",
  "sort",
  "track_scores",
  "_source",
  "highlight",
  "timeout",
]);

class BodyError extends Error {}

function refuse(reason: string): never {
  throw new BodyError(reason);
}

/** The request body, understood, or the 400 the engine answers for it. */
export function parseSearchBody(
  json: unknown,
  flavor: "elasticsearch" | "opensearch" = "elasticsearch",
): FakeSearchBody | EngineError {
  try {
    return readBody(json, flavor);
  } catch (error) {
    if (error instanceof BodyError) return parsingError(error.message);
    throw error;
  }
}

function readBody(json: unknown, flavor: "elasticsearch" | "opensearch"): FakeSearchBody {
  const body = objectOf(json, "request body");
  for (const key of Object.keys(body)) {
    if (!topLevelKeys.has(key)) refuse(`Unknown key for a ${tokenName(body[key])} in [${key}].`);
  }
  const from = wholeNumber(body.from ?? 0, "from");
  const size = wholeNumber(body.size ?? 10, "size");
  const trackTotalHits = body.track_total_hits ?? 10_000;
  if (typeof trackTotalHits !== "boolean" && !Number.isInteger(trackTotalHits)) {
    refuse("[track_total_hits] must be a boolean or an integer");
  }
  const trackScores = body.track_scores ?? false;
  if (typeof trackScores !== "boolean") refuse("[track_scores] must be a boolean");
  const timeoutMs = body.timeout === undefined ? undefined : readTimeout(body.timeout);
  // Each engine spells the highlight's limit its own way ("Highlighting" > max_analyzed_offset;
  // OpenSearch "Highlight query matches" > max_analyzer_offset); the other spelling is unknown.
  const limitKey = flavor === "opensearch" ? "max_analyzer_offset" : "max_analyzed_offset";
  const highlightLimit =
    typeof body.highlight === "object" && body.highlight !== null
      ? (body.highlight as Record<string, unknown>)[limitKey]
      : undefined;
  if (
    highlightLimit !== undefined &&
    (!Number.isInteger(highlightLimit) || (highlightLimit as number) < 1)
  ) {
    refuse(`[highlight] ${limitKey} must be a positive integer`);
  }
  return {
    query: body.query === undefined ? { kind: "match_all" } : readQuery(body.query),
    from,
    size,
    trackTotalHits: trackTotalHits as boolean | number,
    sort: readSort(body.sort),
    trackScores,
    source: readSource(body._source),
    highlight: readHighlight(body.highlight, limitKey),
    ...(highlightLimit === undefined ? {} : { highlightMaxOffset: highlightLimit as number }),
    ...(timeoutMs === undefined ? {} : { timeoutMs }),
  };
}

function readQuery(json: unknown): FakeQuery {
  const query = objectOf(json, "query");
  const names = Object.keys(query);
  if (names.length !== 1) refuse("[query] must hold exactly one query");
  const name = names[0] as string;
  const value = query[name];
  switch (name) {
    case "match_all":
      objectOf(value, "match_all");
      return { kind: "match_all" };
    case "multi_match": {
      const options = objectOf(value, "multi_match");
      allowKeys(options, "multi_match", ["query", "fields", "type", "operator", "tie_breaker"]);
      const type = options.type ?? "best_fields";
      if (type !== "best_fields" && type !== "most_fields") {
        refuse(`[multi_match] unsupported type [${String(type)}]`);
      }
      if (!Array.isArray(options.fields) || options.fields.length === 0) {
        refuse("[multi_match] requires [fields]");
      }
      return {
        kind: "text",
        text: stringOf(options.query, "[multi_match] requires query value"),
        fields: options.fields.map((field) => boosted(stringOf(field, "[multi_match] field"))),
        syntax: false,
      };
    }
    case "match": {
      const options = objectOf(value, "match");
      const [field, spec] = onlyEntry(options, "match");
      const text =
        typeof spec === "string"
          ? spec
          : stringOf(objectOf(spec, "match").query, "[match] requires query value");
      return { kind: "text", text, fields: [{ name: field, boost: 1 }], syntax: false };
    }
    case "query_string": {
      const options = objectOf(value, "query_string");
      allowKeys(options, "query_string", ["query", "fields", "default_operator"]);
      const fields = Array.isArray(options.fields) ? options.fields : ["*"];
      return {
        kind: "text",
        text: stringOf(options.query, "[query_string] requires query value"),
        fields: fields.map((field) => boosted(stringOf(field, "[query_string] field"))),
        syntax: true,
      };
    }
    case "term": {
      const options = objectOf(value, "term");
      const [field, spec] = onlyEntry(options, "term");
      const termValue =
        typeof spec === "object" && spec !== null && !Array.isArray(spec)
          ? (spec as Record<string, unknown>).value
          : spec;
      if (termValue === undefined || typeof termValue === "object") {
        refuse("[term] query malformed, no start_object after query name");
      }
      return { kind: "term", field, value: termValue };
    }
    case "ids": {
      const options = objectOf(value, "ids");
      allowKeys(options, "ids", ["values"]);
      if (!Array.isArray(options.values) || options.values.some((id) => typeof id !== "string")) {
        refuse("[ids] requires [values], a list of ids");
      }
      return { kind: "ids", values: options.values as string[] };
    }
    case "bool": {
      const options = objectOf(value, "bool");
      allowKeys(options, "bool", ["must", "filter", "should", "must_not"]);
      const clauses = (key: string): FakeQuery[] => {
        const clause = options[key];
        if (clause === undefined) return [];
        return (Array.isArray(clause) ? clause : [clause]).map(readQuery);
      };
      return {
        kind: "bool",
        must: clauses("must"),
        filter: clauses("filter"),
        should: clauses("should"),
        mustNot: clauses("must_not"),
      };
    }
    case "function_score": {
      const options = objectOf(value, "function_score");
      allowKeys(options, "function_score", ["query", "functions", "boost_mode"]);
      if ((options.boost_mode ?? "multiply") !== "multiply") {
        refuse(`[function_score] unsupported boost_mode [${String(options.boost_mode)}]`);
      }
      if (!Array.isArray(options.functions)) refuse("[function_score] requires [functions]");
      return {
        kind: "function_score",
        query: options.query === undefined ? { kind: "match_all" } : readQuery(options.query),
        decays: options.functions.map(readDecay),
      };
    }
    default:
      return refuse(`unknown query [${name}]`);
  }
}

function readDecay(json: unknown): FakeDecay {
  const spec = objectOf(json, "function");
  const [kind, decaySpec] = onlyEntry(spec, "function");
  if (kind !== "gauss") refuse(`[function_score] unsupported function [${kind}]`);
  const [field, options] = onlyEntry(objectOf(decaySpec, "gauss"), "gauss");
  const parameters = objectOf(options, "gauss");
  allowKeys(parameters, "gauss", ["origin", "scale", "offset", "decay"]);
  const origin = parameters.origin ?? "now";
  const originMs = origin === "now" ? Date.now() : Date.parse(stringOf(origin, "[gauss] origin"));
  const decay = parameters.decay ?? 0.5;
  if (typeof decay !== "number" || decay <= 0 || decay >= 1)
    refuse("[gauss] decay must be in (0, 1)");
  return {
    field,
    originMs,
    scaleMs: durationMs(parameters.scale, "scale"),
    offsetMs: parameters.offset === undefined ? 0 : durationMs(parameters.offset, "offset"),
    decay,
  };
}

function durationMs(value: unknown, name: string): number {
  const match = typeof value === "string" ? /^(\d+)(ms|s|m|h|d)$/.exec(value) : null;
  if (match === null) refuse(`[gauss] failed to parse [${name}] [${String(value)}]`);
  const unit = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 }[match[2] as "ms"];
  return Number(match[1]) * unit;
}

function readSort(json: unknown): FakeSortKey[] {
  if (json === undefined) return [];
  const entries = Array.isArray(json) ? json : [json];
  return entries.map((entry): FakeSortKey => {
    if (typeof entry === "string") {
      return { field: entry, order: entry === "_score" ? "desc" : "asc" };
    }
    const [field, spec] = onlyEntry(objectOf(entry, "sort"), "sort");
    if (spec === "asc" || spec === "desc") return { field, order: spec };
    const options = objectOf(spec, "sort");
    allowKeys(options, "sort", ["order", "unmapped_type"]);
    const order = options.order ?? (field === "_score" ? "desc" : "asc");
    if (order !== "asc" && order !== "desc") refuse(`[sort] unknown order [${String(order)}]`);
    return { field, order };
  });
}

function readSource(json: unknown): readonly string[] | boolean {
  if (json === undefined) return true;
  if (typeof json === "boolean") return json;
  if (typeof json === "string") return [json];
  if (Array.isArray(json) && json.every((field) => typeof field === "string")) return json;
  return refuse("[_source] must be a boolean, a field or a list of fields");
}

function readHighlight(json: unknown, limitKey: string): Record<string, FakeHighlightField> {
  if (json === undefined) return {};
  const highlight = objectOf(json, "highlight");
  allowKeys(highlight, "highlight", ["fields", "pre_tags", "post_tags", "fragment_size", limitKey]);
  const tag = (value: unknown, fallback: string): string =>
    value === undefined ? fallback : stringOf((value as unknown[])[0], "[highlight] tags");
  const preTag = tag(highlight.pre_tags, "<em>");
  const postTag = tag(highlight.post_tags, "</em>");
  const fields: Record<string, FakeHighlightField> = {};
  for (const [name, spec] of Object.entries(objectOf(highlight.fields, "highlight.fields"))) {
    const options = objectOf(spec, "highlight field");
    allowKeys(options, "highlight field", [
      "fragment_size",
      "number_of_fragments",
      "no_match_size",
      "pre_tags",
      "post_tags",
    ]);
    fields[name] = {
      fragmentSize: wholeNumber(
        options.fragment_size ?? highlight.fragment_size ?? 100,
        "fragment_size",
      ),
      fragments: wholeNumber(options.number_of_fragments ?? 5, "number_of_fragments"),
      noMatchSize: wholeNumber(options.no_match_size ?? 0, "no_match_size"),
      preTag: tag(options.pre_tags, preTag),
      postTag: tag(options.post_tags, postTag),
    };
  }
  return fields;
}

function readTimeout(value: unknown): number {
  const match = typeof value === "string" ? /^(\d+)(ms|s|m)$/.exec(value) : null;
  if (match === null) refuse(`failed to parse setting [timeout] with value [${String(value)}]`);
  const amount = Number(match[1]);
  return match[2] === "ms" ? amount : match[2] === "s" ? amount * 1000 : amount * 60_000;
}

function boosted(field: string): { name: string; boost: number } {
  const [name, boost] = field.split("^");
  const value = boost === undefined ? 1 : Number(boost);
  if (name === undefined || name === "" || !Number.isFinite(value)) refuse(`bad field [${field}]`);
  return { name, boost: value };
}

function objectOf(value: unknown, where: string): Record<string, unknown> {
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    refuse(`[${where}] must be an object`);
  }
  return value as Record<string, unknown>;
}

function onlyEntry(value: Record<string, unknown>, where: string): [string, unknown] {
  const entries = Object.entries(value);
  if (entries.length !== 1) refuse(`[${where}] query doesn't support multiple fields`);
  return entries[0] as [string, unknown];
}

function allowKeys(value: Record<string, unknown>, where: string, keys: readonly string[]): void {
  for (const key of Object.keys(value)) {
    if (!keys.includes(key)) refuse(`[${where}] unknown field [${key}]`);
  }
}

function stringOf(value: unknown, message: string): string {
  if (typeof value !== "string") refuse(message);
  return value;
}

function wholeNumber(value: unknown, name: string): number {
  if (typeof value !== "number" || !Number.isInteger(value) || value < 0) {
    refuse(`[${name}] must be a non-negative integer`);
  }
  return value;
}

function tokenName(value: unknown): string {
  if (typeof value === "string") return "VALUE_STRING";
  if (typeof value === "number") return "VALUE_NUMBER";
  if (typeof value === "boolean") return "VALUE_BOOLEAN";
  if (Array.isArray(value)) return "START_ARRAY";
  return "START_OBJECT";
}

/** query_string's Lucene syntax: unbalanced parentheses or a dangling operator do not parse. */
export function queryStringParses(text: string): boolean {
  let depth = 0;
  for (const character of text) {
    if (character === "(") depth += 1;
    if (character === ")") depth -= 1;
    if (depth < 0) return false;
  }
  return depth === 0 && !/(^|\s)(AND|OR|NOT)\s*$/.test(text.trim()) && !/:\s*$/.test(text);
}

/** Every query_string in `query`, for the parse check. */
export function queryStrings(query: FakeQuery): string[] {
  if (query.kind === "text") return query.syntax ? [query.text] : [];
  if (query.kind === "function_score") return queryStrings(query.query);
  if (query.kind === "bool") {
    return [...query.must, ...query.filter, ...query.should, ...query.mustNot].flatMap(
      queryStrings,
    );
  }
  return [];
}

// BM25 as Lucene computes it (k1 1.2, b 0.75: the engines' defaults, "Similarity module"), over
// each field of the records searched; a multi_match best_fields score is the best field's.
const k1 = 1.2;
const b = 0.75;

interface FieldStatistics {
  documents: number;
  averageLength: number;
  frequencies: Map<string, number>;
}

const termCache = new WeakMap<FakeRecord, Map<string, string[]>>();

function termsOf(record: FakeRecord, field: string): string[] {
  let fields = termCache.get(record);
  if (fields === undefined) {
    fields = new Map();
    termCache.set(record, fields);
  }
  let terms = fields.get(field);
  if (terms === undefined) {
    const value = record.source[field];
    // A list of strings is one multi-valued text field (the crawler's `headings`): all its terms.
    terms =
      typeof value === "string"
        ? analyze(value)
        : Array.isArray(value)
          ? value.flatMap((item) => (typeof item === "string" ? analyze(item) : []))
          : [];
    fields.set(field, terms);
  }
  return terms;
}

function statisticsOf(records: readonly FakeRecord[], field: string): FieldStatistics {
  let documents = 0;
  let length = 0;
  const frequencies = new Map<string, number>();
  for (const record of records) {
    const terms = termsOf(record, field);
    if (terms.length === 0) continue;
    documents += 1;
    length += terms.length;
    for (const term of new Set(terms)) frequencies.set(term, (frequencies.get(term) ?? 0) + 1);
  }
  return { documents, averageLength: documents === 0 ? 0 : length / documents, frequencies };
}

/** A record's score for `query`, or undefined when it does not match. */
export function scoreOf(
  record: FakeRecord,
  query: FakeQuery,
  statistics: (field: string) => FieldStatistics,
): number | undefined {
  switch (query.kind) {
    case "match_all":
      return 1;
    case "ids":
      return query.values.includes(record.id) ? 1 : undefined;
    case "term": {
      // `_id` is a metadata field a term query reads too ("_id field").
      const value = query.field === "_id" ? record.id : record.source[query.field];
      return value === query.value || (typeof value === "number" && String(value) === query.value)
        ? 1
        : undefined;
    }
    case "text": {
      const queryTerms = [...new Set(analyze(query.text.replace(/[():"]/g, " ")))];
      let best: number | undefined;
      for (const { name, boost } of expandFields(record, query.fields)) {
        const stats = statistics(name);
        const terms = termsOf(record, name);
        if (terms.length === 0) continue;
        let score = 0;
        for (const term of queryTerms) {
          const frequency = terms.filter((candidate) => candidate === term).length;
          if (frequency === 0) continue;
          const documentFrequency = stats.frequencies.get(term) ?? 0;
          const idf = Math.log(
            1 + (stats.documents - documentFrequency + 0.5) / (documentFrequency + 0.5),
          );
          const norm = k1 * (1 - b + (b * terms.length) / stats.averageLength);
          score += (idf * frequency * (k1 + 1)) / (frequency + norm);
        }
        if (score > 0) best = Math.max(best ?? 0, score * boost);
      }
      return best;
    }
    case "function_score": {
      const inner = scoreOf(record, query.query, statistics);
      if (inner === undefined) return undefined;
      let factor = 1;
      for (const decay of query.decays) {
        const value = record.source[decay.field];
        const at = typeof value === "string" ? Date.parse(value) : Number.NaN;
        // A record without the date is not decayed (the engines' default for a missing value).
        if (Number.isNaN(at)) continue;
        const distance = Math.max(0, Math.abs(at - decay.originMs) - decay.offsetMs);
        const variance = -(decay.scaleMs ** 2) / (2 * Math.log(decay.decay));
        factor *= Math.exp(-(distance ** 2) / (2 * variance));
      }
      return inner * factor;
    }
    case "bool": {
      let score = 0;
      for (const clause of query.filter) {
        if (scoreOf(record, clause, statistics) === undefined) return undefined;
      }
      for (const clause of query.mustNot) {
        if (scoreOf(record, clause, statistics) !== undefined) return undefined;
      }
      for (const clause of query.must) {
        const clauseScore = scoreOf(record, clause, statistics);
        if (clauseScore === undefined) return undefined;
        score += clauseScore;
      }
      let matchedShould = 0;
      for (const clause of query.should) {
        const clauseScore = scoreOf(record, clause, statistics);
        if (clauseScore === undefined) continue;
        matchedShould += 1;
        score += clauseScore;
      }
      if (
        query.must.length === 0 &&
        query.filter.length === 0 &&
        query.should.length > 0 &&
        matchedShould === 0
      ) {
        return undefined;
      }
      // A filter-only bool matches with a score of 0 ("Query and filter context").
      return score;
    }
  }
}

function expandFields(
  record: FakeRecord,
  fields: ReadonlyArray<{ name: string; boost: number }>,
): Array<{ name: string; boost: number }> {
  return fields.flatMap((field) =>
    field.name === "*"
      ? Object.keys(record.source)
          .filter((name) => typeof record.source[name] === "string")
          .map((name) => ({ name, boost: field.boost }))
      : [field],
  );
}

/** The per-field statistics of one search, computed once per field asked for. */
export function statisticsFor(records: readonly FakeRecord[]): (field: string) => FieldStatistics {
  const cache = new Map<string, FieldStatistics>();
  return (field) => {
    let statistics = cache.get(field);
    if (statistics === undefined) {
      statistics = statisticsOf(records, field);
      cache.set(field, statistics);
    }
    return statistics;
  };
}

/** The query's text terms, for highlighting. */
export function highlightTerms(query: FakeQuery): Set<string> {
  if (query.kind === "text") return new Set(analyze(query.text));
  if (query.kind === "function_score") return highlightTerms(query.query);
  if (query.kind === "bool") {
    const terms = new Set<string>();
    for (const clause of [...query.must, ...query.should]) {
      for (const term of highlightTerms(clause)) terms.add(term);
    }
    return terms;
  }
  return new Set();
}

/** One field's highlight: a fragment around the first query term, tags around each term. */
export function highlightOf(
  text: string,
  terms: ReadonlySet<string>,
  options: FakeHighlightField,
): string[] | undefined {
  const occurrences = analyzeWithOffsets(text).filter((occurrence) => terms.has(occurrence.term));
  const first = occurrences[0];
  if (first === undefined) {
    return options.noMatchSize > 0 ? [cutAtWord(text, 0, options.noMatchSize)] : undefined;
  }
  const whole = options.fragments === 0;
  const start = whole ? 0 : Math.max(0, text.lastIndexOf(" ", Math.max(0, first.offset - 20)) + 1);
  const fragment = whole ? text : cutAtWord(text, start, options.fragmentSize);
  const tagged = tagTerms(fragment, terms, (word) => `${options.preTag}${word}${options.postTag}`);
  return [tagged];
}

function cutAtWord(text: string, start: number, length: number): string {
  if (text.length - start <= length) return text.slice(start);
  const end = text.lastIndexOf(" ", start + length);
  return text.slice(start, end > start ? end : start + length);
}
