import type { DocumentOutcome, PageOutcome } from "../backend/search-backend.js";
import type { Limits } from "../limits.js";
import { checkDocumentOutcome, checkPageOutcome } from "../session/check-outcome.js";
import { describeOutcome, describeValue } from "./contract-describe.js";

// Each answer and annotation of a backend, checked as it returns: what core itself would refuse,
// then what core cannot check for itself.

const detailFields = new Set(["status", "bytes", "attributes"]);

/**
 * A page as core itself checks it before use (session/check-outcome.ts): what core would refuse
 * is a violation. Then what core cannot check for itself: pageSize, the order of scores, and
 * failure fields it would quietly drop.
 */
export function checkPage(what: string, outcome: unknown, pageSize: number, limits: Limits): void {
  acceptedByCore(what, outcome, checkPageOutcome(outcome, limits));
  const value = outcome as PageOutcome;
  if (value.kind !== "page") {
    checkFailureFields(what, value);
    return;
  }
  if (value.hits.length > pageSize) {
    throw new Error(`${what}: ${value.hits.length} hits, more than the pageSize of ${pageSize}.`);
  }
  let previous = Number.POSITIVE_INFINITY;
  for (const [position, { score }] of value.hits.entries()) {
    if (score > previous) {
      throw new Error(
        `${what}: hit ${position + 1}: scores rise (${previous} then ${score}); hits come best first.`,
      );
    }
    previous = score;
  }
}

/** A document outcome as core checks it, then the failure fields core would quietly drop. */
export function checkDocument(what: string, outcome: unknown, limits: Limits): void {
  acceptedByCore(what, outcome, checkDocumentOutcome(outcome, limits));
  const value = outcome as DocumentOutcome;
  if (value.kind !== "document") checkFailureFields(what, value);
}

function acceptedByCore(
  what: string,
  outcome: unknown,
  checked: PageOutcome | DocumentOutcome,
): void {
  const value = outcome as { kind?: unknown; cause?: unknown } | null;
  const kept =
    typeof value === "object" &&
    value !== null &&
    value.kind === checked.kind &&
    (checked.kind !== "failed" || value.cause === checked.cause);
  if (kept) return;
  const reason = "reason" in checked ? checked.reason : undefined;
  if (checked.kind === "failed" && checked.cause === "too_large") {
    throw new Error(
      `${what}: ${reason}: over limits.documentSections, answer { kind: "failed", cause: "too_large" } yourself.`,
    );
  }
  throw new Error(
    `${what}: core would refuse this answer (${reason ?? checked.kind}): ${describeOutcome(outcome)}`,
  );
}

function checkFailureFields(what: string, value: PageOutcome | DocumentOutcome): void {
  const fields = value as { kind: string; reason?: unknown; retryAfterMs?: unknown };
  if (fields.reason !== undefined && typeof fields.reason !== "string") {
    throw new Error(`${what}: a failure's reason must be a string or absent.`);
  }
  if (fields.retryAfterMs === undefined) return;
  if (!["rebuilding", "overloaded", "transient"].includes(fields.kind)) {
    throw new Error(
      `${what}: ${fields.kind} carries retryAfterMs; only rebuilding, overloaded and transient may.`,
    );
  }
  const wait = fields.retryAfterMs;
  if (typeof wait !== "number" || !Number.isFinite(wait) || wait < 0) {
    throw new Error(`${what}: retryAfterMs must be a finite number of milliseconds, at least 0.`);
  }
}

export function checkDetails(what: string, details: unknown): void {
  const value = asRecord(`${what}: annotate`, details);
  for (const name of Object.keys(value)) {
    if (!detailFields.has(name)) {
      throw new Error(
        `${what}: annotate was given ${JSON.stringify(name)}; AttemptDetails holds status, bytes and attributes only.`,
      );
    }
  }
  if (
    value.status !== undefined &&
    typeof value.status !== "number" &&
    typeof value.status !== "string"
  ) {
    throw new Error(`${what}: annotate's status must be a number or a string.`);
  }
  if (
    value.bytes !== undefined &&
    (typeof value.bytes !== "number" || !Number.isFinite(value.bytes))
  ) {
    throw new Error(`${what}: annotate's bytes must be a finite number.`);
  }
  if (value.attributes !== undefined) {
    const attributes = asRecord(`${what}: annotate's attributes`, value.attributes);
    for (const [name, attribute] of Object.entries(attributes)) {
      if (typeof attribute !== "string" && typeof attribute !== "number") {
        throw new Error(
          `${what}: the attribute ${JSON.stringify(name)} must be a string or a number.`,
        );
      }
    }
  }
}

function asRecord(what: string, value: unknown): Record<string, unknown> {
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw new Error(`${what}: answered ${describeValue(value)}, not an object.`);
  }
  return value as Record<string, unknown>;
}
