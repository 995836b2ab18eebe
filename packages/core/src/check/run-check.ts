import type { EngineConfig, OpenedEngine } from "../config/engine-entry.js";
import type { Caller } from "../contract/caller.js";
import { createDocsSearch } from "../create-docs-search.js";
import type { CheckReport, CheckRow, CheckStep } from "./check-report.js";
import { classifyFailure, type FixContext } from "./classify-failure.js";
import { fixContextOf } from "./engine-words.js";
import type { LayoutInspector } from "./layout-inspector.js";
import { inspectLayout, loadLayoutInspector } from "./load-layout-inspector.js";
import { inspectSemantic, loadSemanticInspector } from "./load-semantic-inspector.js";
import { probeSearch } from "./probe-search.js";
import type { SemanticInspector } from "./semantic-finding.js";
import { credentialFix, order, probeFailure, stoppedAt } from "./stopped-at.js";

export interface CheckOptions {
  /** Words that appear in the docs; otherwise a title the engine's settings gave, or common words. */
  query?: string | undefined;
}

/**
 * Probe words tried in turn when neither `query` nor a sampled title is at hand: a docs set
 * that matches none of them is empty or not docs, and the probe row says to pass --query.
 */
export const defaultProbeQueries = ["install", "configure", "overview", "guide", "api", "error"];

/**
 * `search-docs check`: for the configured engine, per area and collection, whether it is
 * reached, the credential accepted, the collection there, its record layout what the backend
 * reads, a probe search answers, and get_document reads back its first hit. Driven through the
 * public DocsSearch over the engine's own backend, so it fails where a real call would.
 */
export async function runCheck(
  config: EngineConfig,
  options: CheckOptions = {},
): Promise<CheckReport> {
  const engine = await config.open();
  const rows: CheckRow[] = [];
  const context = fixContextOf(config);
  const inspector =
    config.check === undefined ? undefined : await loadLayoutInspector(config.check);
  const semanticInspector =
    config.check === undefined ? undefined : await loadSemanticInspector(config.check);
  try {
    if (!(await indexIsFresh(engine, config, rows))) return report(config, options, rows);
    for (const [area, collectionIds] of Object.entries(engine.areas)) {
      for (const collectionId of collectionIds) {
        rows.push(
          ...(await checkCollection(
            {
              engine,
              caller: config.caller as Caller,
              context,
              inspector,
              semanticInspector,
              options,
            },
            area,
            collectionId,
          )),
        );
      }
    }
    return report(config, options, rows);
  } finally {
    await inspector?.close();
    await engine.close();
  }
}

function report(config: EngineConfig, options: CheckOptions, rows: CheckRow[]): CheckReport {
  return {
    engine: config.engine,
    origin: config.origin,
    query: options.query,
    rows,
    passed: rows.every((row) => row.state !== "fail"),
  };
}

/** A folder (or a crawled site) is searched from its index: it must build before anything else. */
async function indexIsFresh(engine: OpenedEngine, config: EngineConfig, rows: CheckRow[]) {
  if (engine.refresh === undefined) return true;
  try {
    const line = await engine.refresh();
    // Several sources: one line each; a source that indexed nothing or failed fails the row.
    const empty = /: 0 (files|pages)/.test(line);
    const unread = /: not indexed:/.test(line);
    rows.push({
      area: "*",
      collectionId: config.origin,
      step: "index",
      state: empty || unread ? "fail" : "pass",
      detail: line,
      ...(empty
        ? {
            fix: "point SEARCH_DOCS_FOLDER_PATH (or --docs) at the folder holding the .md, .mdx or .txt files",
          }
        : unread
          ? {
              fix: "make each source readable (a folder's files, a site reachable), then run check again",
            }
          : {}),
    });
    return !empty && !unread;
  } catch (error) {
    rows.push({
      area: "*",
      collectionId: config.origin,
      step: "index",
      state: "fail",
      detail: error instanceof Error ? (error.message.split("\n")[0] ?? "") : String(error),
      fix: "make the folder readable and its index's folder (XDG_CACHE_HOME) writable, then run check again",
    });
    return false;
  }
}

interface CollectionCheck {
  engine: OpenedEngine;
  caller: Caller;
  context: FixContext;
  inspector: LayoutInspector | undefined;
  /** Only when a semantic first stage is configured. */
  semanticInspector: SemanticInspector | undefined;
  options: CheckOptions;
}

async function checkCollection(
  check: CollectionCheck,
  area: string,
  collectionId: string,
): Promise<CheckRow[]> {
  const rows: CheckRow[] = [];
  const row = (step: CheckStep, state: CheckRow["state"], detail: string, fix?: string) =>
    rows.push({ area, collectionId, step, state, detail, ...(fix === undefined ? {} : { fix }) });
  // One area per collection, so each collection's own answer is seen (an area's other
  // collections would hide a missing one behind their hits).
  const docs = createDocsSearch<string>({
    backend: check.engine.backend,
    areas: { probe: [collectionId] },
    retry: { transientAttempts: 2 },
  });
  const layout = await inspectLayout(check.inspector, collectionId, check.caller);
  const semantic = await inspectSemantic(check.semanticInspector, collectionId, check.caller);
  const queries =
    check.options.query !== undefined
      ? [check.options.query]
      : layout?.sampleTitle !== undefined
        ? [layout.sampleTitle]
        : defaultProbeQueries;
  const probe = await probeSearch(docs, check.caller, queries);

  const failedAt = stoppedAt(layout, probeFailure(probe, collectionId, check.context), semantic);
  const before = (step: CheckStep) => failedAt === undefined || order(step) < order(failedAt.step);
  for (const step of ["reach", "credentials", "collection"] as const) {
    if (failedAt?.step === step) row(step, "fail", failedAt.detail, failedAt.fix);
    else if (before(step)) row(step, "pass", passDetail(step, check.context, collectionId));
    else row(step, "skip", `not tried: ${failedAt?.step} failed`);
  }
  if (failedAt?.step === "layout")
    row("layout", "fail", failedAt.detail, layout?.fix ?? failedAt.fix);
  else if (failedAt !== undefined && !before("layout"))
    row("layout", "skip", `not tried: ${failedAt.step} failed`);
  else if (layout?.state !== undefined) row("layout", layout.state, layout.detail, layout.fix);
  // The embedder or field is read apart from the layout: a failed layout leaves it its own word.
  if (failedAt?.step === "semantic") row("semantic", "fail", failedAt.detail, failedAt.fix);
  else if (
    semantic !== undefined &&
    failedAt !== undefined &&
    order(failedAt.step) < order("layout")
  )
    row("semantic", "skip", `not tried: ${failedAt.step} failed`);
  else if (semantic !== undefined) row("semantic", semantic.state, semantic.detail, semantic.fix);
  if (failedAt !== undefined && failedAt.step !== "probe") {
    row("probe", "skip", `not tried: ${failedAt.step} failed`);
    row("document", "skip", `not tried: ${failedAt.step} failed`);
    return rows;
  }
  if (failedAt !== undefined) {
    row("probe", "fail", failedAt.detail, failedAt.fix);
    row("document", "skip", "not tried: the probe failed");
    return rows;
  }
  if (probe.firstRef === undefined) {
    row(
      "probe",
      "fail",
      `nothing matched ${queries.map((query) => JSON.stringify(query)).join(", ")}`,
      `index documents into ${check.context.collectionWord} ${collectionId}, or pass --query with words from its docs`,
    );
    row("document", "skip", "not tried: the probe found nothing to read");
    return rows;
  }
  row("probe", "pass", `${probe.results} result(s) for ${JSON.stringify(probe.query)}`);
  const read = await docs.getDocument({ ref: probe.firstRef }, { caller: check.caller });
  const { output } = read;
  if (output.status === "ok") {
    row("document", "pass", `read ${JSON.stringify(output.title)}`);
  } else if (output.status === "not_found") {
    row(
      "document",
      "fail",
      "the first hit's document was not found: the backend cannot select a document's sections",
      check.inspector?.documentFix(collectionId) ??
        `make the document field filterable in ${check.context.collectionWord} ${collectionId} (docs/check.md)`,
    );
  } else if (output.status === "no_access") {
    row(
      "document",
      "fail",
      "forbidden: the engine refused to read the document (403)",
      credentialFix(collectionId, check.context),
    );
  } else {
    const readFailure = read.trace.failures[0];
    const classified = readFailure
      ? classifyFailure(readFailure, collectionId, check.context)
      : {
          detail: read.trace.notes.join("; "),
          fix: "run check again; docs/check.md lists the causes",
        };
    // The search worked, the read was refused as a request: the document filter is what the
    // read adds (Meilisearch: "Attribute `url_without_anchor` is not filterable", 400).
    const filterRefused =
      readFailure !== undefined &&
      ["rejected", "misconfigured", "malformed"].includes(readFailure.kind) &&
      check.inspector !== undefined;
    row(
      "document",
      "fail",
      classified.detail,
      filterRefused
        ? (check.inspector?.documentFix(collectionId) ?? classified.fix)
        : classified.fix,
    );
  }
  return rows;
}

function passDetail(step: CheckStep, context: FixContext, collectionId: string): string {
  if (step === "reach") return `${context.label} answered at ${context.origin}`;
  if (step === "credentials") {
    return context.credentialVariable === undefined
      ? "none needed"
      : `${context.credentialVariable} accepted`;
  }
  return `${context.collectionWord} ${collectionId} is there`;
}
