import { type RecordLayout, recordLayout } from "../backend-kit/record-layout.js";
import type { Caller } from "../contract/caller.js";
import type { LayoutFinding } from "./layout-inspector.js";

/** One JSON answer; a body that is not JSON is `undefined`. Times out rather than hangs. */
export async function getJson(
  url: string,
  init: RequestInit,
): Promise<{ status: number; body: unknown }> {
  const response = await fetch(url, {
    ...init,
    redirect: "manual",
    signal: AbortSignal.timeout(5000),
  });
  const text = await response.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  return { status: response.status, body };
}

/** The first record of an engine's search (POST, JSON body) whose answer lists `hits`. */
export async function firstHitOf(
  url: string,
  headers: Record<string, string>,
  query: Record<string, unknown>,
): Promise<Record<string, unknown> | undefined> {
  const found = await getJson(url, {
    method: "POST",
    headers: { ...headers, "content-type": "application/json" },
    body: JSON.stringify(query),
  });
  return (found.body as { hits?: Record<string, unknown>[] } | undefined)?.hits?.[0];
}

/** The credential a one-user process sends to a hosted engine (its search key). */
export function keyOf(caller: Caller): string {
  return "token" in caller ? caller.token : "";
}

/** What an engine's settings said about the fields the backend needs. */
export type SettingsAnswer =
  | { kind: "read"; missing: readonly string[]; summary: string; fix: string }
  /** The key may search but not read settings (a search key): nothing to conclude. */
  | { kind: "refused"; reason: string }
  | { kind: "no_collection"; detail: string; fix: string }
  /** Anything else (unreachable, an error): the probe says what. */
  | { kind: "unknown"; reason: string };

/**
 * A hosted engine's finding: its settings (when the key may read them), then one record of a
 * placeholder search read the way the backend reads hits, so a layout the settings cannot show
 * (a record without the DocSearch hierarchy) fails here too, and its title becomes the probe.
 */
export async function hostedFinding(
  settings: SettingsAnswer,
  sampleRecord: () => Promise<Record<string, unknown> | undefined>,
  layout: RecordLayout,
  recordsVariable: string,
): Promise<LayoutFinding> {
  if (settings.kind === "no_collection") {
    return {
      state: "fail",
      collectionMissing: true,
      detail: "the engine has no such index",
      fix: settings.fix,
    };
  }
  if (settings.kind === "read" && settings.missing.length > 0) {
    return { state: "fail", detail: settings.summary, fix: settings.fix };
  }
  let record: Record<string, unknown> | undefined;
  try {
    record = await sampleRecord();
  } catch {
    record = undefined;
  }
  const hit = record === undefined ? undefined : layout.readHit(record, "", 1);
  if (typeof hit === "string") {
    return {
      state: "fail",
      detail: `a record is not in the ${layout.kind} layout: ${hit}`,
      fix: `set ${recordsVariable} to the layout the records have (docsearch or sections), or index them in the ${layout.kind} layout (docs/check.md)`,
    };
  }
  const title = hit?.title.trim() ? { sampleTitle: hit.title.slice(0, 200) } : {};
  if (settings.kind === "read") return { state: "pass", detail: settings.summary, ...title };
  return {
    state: "skip",
    detail: `settings not read (${settings.reason}); get_document below proves the layout`,
    ...title,
  };
}

export function layoutFor(engine: string, records: "docsearch" | "sections" | undefined) {
  return recordLayout(engine, records === undefined ? {} : { records });
}
