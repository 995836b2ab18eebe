import type { CheckStep } from "./check-report.js";
import { type Classified, classifyFailure, type FixContext } from "./classify-failure.js";
import type { LayoutFinding } from "./layout-inspector.js";
import type { Probe } from "./probe-search.js";
import type { SemanticFinding } from "./semantic-finding.js";

/**
 * Where the collection's check stopped. The engine's settings are more precise than the
 * probe's failure: a table lacking a column answers "misconfigured" to a search, as a missing
 * table does, but the inspection knows which column; an index without the embedder the hybrid
 * search names answers "misconfigured" too, but the embedders setting knows which.
 */
export function stoppedAt(
  layout: LayoutFinding | undefined,
  probe: Classified | undefined,
  semantic?: SemanticFinding,
): Classified | undefined {
  if (layout?.collectionMissing === true) {
    return { step: "collection", detail: layout.detail, fix: layout.fix ?? "" };
  }
  if (
    layout?.state === "fail" &&
    (probe === undefined || probe.step === "collection" || probe.step === "layout")
  ) {
    return { step: "layout", detail: layout.detail, fix: layout.fix ?? "" };
  }
  // Reaching the engine and the credential come first; anything the probe says past them is
  // the semantic search refused, which the finding names more exactly.
  if (
    semantic?.state === "fail" &&
    (probe === undefined || order(probe.step) >= order("collection"))
  ) {
    return { step: "semantic", detail: semantic.detail, fix: semantic.fix ?? "" };
  }
  // Typesense answers an unknown field as it answers an unknown collection (404): with the
  // settings unread, the semantic option's field is as likely as the collection's name.
  if (probe?.step === "collection" && semantic !== undefined && semantic.state !== "pass") {
    return {
      ...probe,
      fix: `${probe.fix}; or, if it is there, fix the semantic option's embedder or field (check with a key that may read the settings names which)`,
    };
  }
  return probe;
}

/** Where the probe stopped: its trace's first failure, or a collection the key may not read. */
export function probeFailure(probe: Probe, collectionId: string, context: FixContext) {
  if (probe.failure !== undefined) return classifyFailure(probe.failure, collectionId, context);
  if (!probe.forbidden) return undefined;
  // Elasticsearch's wildcard pattern with no index behind it for this credential (the engine
  // answers alike whether none matches or none may be read): the collection, not the key.
  const noIndex = probe.notes.find((note) => note.includes("resolved to no index"));
  if (noIndex !== undefined) {
    return {
      step: "collection" as const,
      detail: `the pattern ${collectionId} resolved to no index with these credentials: none matches it, or they may read none of it`,
      fix: `create an index ${collectionId} matches, or fix SEARCH_DOCS_AREAS (if it exists, give ${context.credentialVariable ?? "the credential"} read on it)`,
    };
  }
  return {
    step: "credentials" as const,
    detail: `forbidden: the engine refused this credential on ${collectionId} (403)`,
    fix: credentialFix(collectionId, context),
  };
}

export function credentialFix(collectionId: string, context: FixContext): string {
  return `set ${context.credentialVariable ?? "the credential"} to ${context.credentialKind} ${context.collectionWord} ${collectionId}`;
}

const stepOrder: readonly CheckStep[] = [
  "index",
  "reach",
  "credentials",
  "collection",
  "layout",
  "semantic",
  "probe",
  "document",
];
export const order = (step: CheckStep) => stepOrder.indexOf(step);
