import type {
  BackendFailure,
  BackendHit,
  DocumentOutcome,
  PageOutcome,
} from "../backend/search-backend.js";
import type { Limits } from "../limits.js";

const failureKinds = new Set<string>([
  "rebuilding",
  "overloaded",
  "transient",
  "forbidden",
  "unauthorized",
  "stale_continuation",
  "failed",
]);
const failedCauses = new Set<string>([
  "malformed",
  "too_large",
  "redirect",
  "rejected",
  "misconfigured",
]);

type Checked<Outcome> = Outcome | Extract<BackendFailure, { kind: "failed" }>;

const malformed = (reason: string) =>
  ({ kind: "failed", cause: "malformed", reason: `malformed answer: ${reason}` }) as const;

/**
 * A backend's page outcome as core may trust it, or `malformed`: a backend is code core did not
 * write, and garbage from it must cost that collection (unavailable), never the call.
 */
export function checkPageOutcome(value: unknown, limits: Limits): Checked<PageOutcome> {
  if (!isObject(value)) return malformed("not an outcome");
  if (value.kind === "no_match") return { kind: "no_match" };
  if (value.kind !== "page") return checkFailure(value);
  const { hits, next, more, version } = value;
  if (!Array.isArray(hits)) return malformed("hits is not a list");
  // Counted before anything walks them: the work stays bounded whatever the page holds.
  if (hits.length > limits.pageItems) {
    return malformed(`${hits.length} hits on one page (at most ${limits.pageItems})`);
  }
  if (typeof more !== "boolean") return malformed("more is not a boolean");
  if (next !== undefined && typeof next !== "string") return malformed("next is not a string");
  if (version !== undefined && typeof version !== "string") {
    return malformed("version is not a string");
  }
  for (const hit of hits) {
    const problem = hitProblem(hit);
    if (problem !== undefined) return malformed(problem);
  }
  return {
    kind: "page",
    hits: hits as BackendHit[],
    more,
    ...(next === undefined ? {} : { next }),
    ...(version === undefined ? {} : { version }),
  };
}

/** A backend's document outcome as core may trust it, or `malformed` / `too_large`. */
export function checkDocumentOutcome(value: unknown, limits: Limits): Checked<DocumentOutcome> {
  if (!isObject(value)) return malformed("not an outcome");
  if (value.kind === "not_found") return { kind: "not_found" };
  if (value.kind !== "document") return checkFailure(value);
  const { document } = value;
  if (!isObject(document)) return malformed("document is not an object");
  const { title, updated, slug, url, sections } = document;
  if (typeof title !== "string") return malformed("document title is not a string");
  if (!optionalString(updated) || !optionalString(slug) || !optionalString(url)) {
    return malformed("document updated, slug or url is not a string");
  }
  if (!Array.isArray(sections)) return malformed("sections is not a list");
  if (sections.length > limits.documentSections) {
    return {
      kind: "failed",
      cause: "too_large",
      reason: `document too large: ${sections.length} sections (at most ${limits.documentSections})`,
    };
  }
  for (const entry of sections) {
    if (
      !isObject(entry) ||
      typeof entry.section !== "string" ||
      typeof entry.heading !== "string" ||
      typeof entry.text !== "string" ||
      !optionalString(entry.url)
    ) {
      return malformed("a section is not { section, heading, text, url? } strings");
    }
  }
  return value as DocumentOutcome;
}

function checkFailure(value: Record<string, unknown>): Checked<BackendFailure> {
  const { kind, reason, retryAfterMs, cause } = value;
  if (typeof kind !== "string" || !failureKinds.has(kind)) {
    return malformed(`unknown outcome kind ${JSON.stringify(String(kind)).slice(0, 40)}`);
  }
  if (kind === "failed" && (typeof cause !== "string" || !failedCauses.has(cause))) {
    return malformed("a failed outcome without a known cause");
  }
  const failure = { kind, ...(kind === "failed" ? { cause } : {}) } as BackendFailure;
  if (typeof reason === "string") failure.reason = reason.slice(0, 500);
  if (
    (kind === "rebuilding" || kind === "overloaded" || kind === "transient") &&
    typeof retryAfterMs === "number" &&
    Number.isFinite(retryAfterMs) &&
    retryAfterMs >= 0
  ) {
    (failure as { retryAfterMs?: number }).retryAfterMs = retryAfterMs;
  }
  return failure;
}

function hitProblem(hit: unknown): string | undefined {
  if (!isObject(hit)) return "a hit is not an object";
  if (typeof hit.documentId !== "string" || hit.documentId === "") {
    return "a hit's documentId is not a non-empty string";
  }
  if (typeof hit.title !== "string" || typeof hit.snippet !== "string") {
    return "a hit's title or snippet is not a string";
  }
  if (typeof hit.score !== "number" || !Number.isFinite(hit.score))
    return "a hit's score is not a finite number";
  if (
    !optionalString(hit.updated) ||
    !optionalString(hit.slug) ||
    !optionalString(hit.path) ||
    !optionalString(hit.section) ||
    !optionalString(hit.url)
  ) {
    return "a hit's updated, slug, path, section or url is not a string";
  }
  return undefined;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null;
}

function optionalString(value: unknown): boolean {
  return value === undefined || typeof value === "string";
}
