import type { BackendDocument } from "../backend/search-backend.js";
import { type Caller, parseCaller } from "../contract/caller.js";
import type { DocumentOutput } from "../contract/contract.js";
import { parseRef } from "../refs/ref.js";
import type { CallOptions } from "../session/call-options.js";
import type { DocsEngine } from "../session/docs-engine.js";
import { ToolCall } from "../session/tool-call.js";
import { prepareMarkup } from "../text/markup-parser.js";
import { cutText, sanitizeText, truncate } from "../text/sanitize-text.js";
import { toDate } from "../text/to-date.js";
import { toTitle } from "../text/to-title.js";
import type { Trace } from "../trace/trace.js";
import { parseInput } from "../util/parse-input.js";

/**
 * get_document: resolve a ref this tool issued and read the document as the current caller.
 * A ref grants nothing: the fetch carries this caller's credentials, so a ref issued to someone
 * else answers `no_access` if this caller cannot read it.
 */
export async function runGetDocument(
  engine: DocsEngine,
  input: unknown,
  options: CallOptions,
): Promise<{ output: DocumentOutput; trace: Trace; unauthorized: boolean }> {
  const { ref } = parseInput(engine.contract.documentInput, "get_document", input);
  const caller = parseCaller(options?.caller, "get_document");
  const call = new ToolCall(engine, "get_document", {
    signal: options.signal,
    toolCallId: options.toolCallId,
    input: { ref },
  });
  try {
    return await readDocument(engine, call, ref, caller);
  } finally {
    call.dispose();
  }
}

async function readDocument(
  engine: DocsEngine,
  call: ToolCall,
  ref: string,
  caller: Caller,
): Promise<{ output: DocumentOutput; trace: Trace; unauthorized: boolean }> {
  const { recorder, deadline } = call;
  const { limits } = engine;
  // No ref this tool issues is longer; what is echoed (output and trace) stays bounded.
  const tooLong = ref.length > limits.refChars;
  const echoed = tooLong ? cutText(ref, limits.refChars) : ref;
  recorder.trace.ref = echoed;
  const finish = async (output: DocumentOutput) => ({
    output,
    trace: call.finish(output.status, output),
    unauthorized: call.unauthorized,
  });
  const empty = (status: DocumentOutput["status"]): DocumentOutput => ({
    status,
    ref: echoed,
    title: null,
    area: null,
    updated: null,
    content: null,
    more_content_exists: false,
  });

  // Unknown or malformed refs are not_found without an upstream request.
  if (tooLong) {
    recorder.note(`not a ref: ${ref.length} characters`);
    return finish(empty("not_found"));
  }
  const parsed = parseRef(ref);
  if (!parsed || !Object.hasOwn(engine.areas, parsed.area)) {
    recorder.note(parsed ? "ref not issued by this store (or expired)" : "not a ref");
    return finish(empty("not_found"));
  }
  const resolution = await engine.refs.resolve(ref, deadline);
  if (resolution.kind === "unavailable") {
    // The store did not answer: the ref may well exist, so never "not found".
    recorder.refStoreFailed(resolution.reason);
    return finish(empty("unavailable"));
  }
  const target = resolution.kind === "found" ? resolution.target : undefined;
  // The configuration is the scope, not the store: a shared store can hold refs to collections
  // another deployment reads, or entries that are not even well formed. Own properties only: an
  // entry whose area is "constructor" must not find Object.prototype's.
  const inScope =
    target !== undefined &&
    typeof target.area === "string" &&
    Object.hasOwn(engine.areas, target.area) &&
    engine.areas[target.area]?.includes(target.collectionId) === true;
  if (!target || target.area !== parsed.area || !inScope) {
    recorder.note(
      resolution.kind === "unknown"
        ? resolution.reason
        : "ref not issued by this store (or expired)",
    );
    return finish(empty("not_found"));
  }

  const result = await engine.session.getDocument(
    engine.session.collectionCall({
      collectionId: target.collectionId,
      area: target.area,
      caller,
      deadline,
      trace: recorder,
    }),
    target.documentId,
  );
  call.throwIfCallerAborted();
  switch (result.kind) {
    case "not_found":
      return finish(empty("not_found"));
    case "forbidden":
      // The user needs "you do not have access", not "there is nothing there".
      return finish(empty("no_access"));
    case "stale_continuation":
    case "unavailable":
      recorder.failure({
        collectionId: target.collectionId,
        area: target.area,
        kind: result.kind === "stale_continuation" ? "rejected" : result.failure,
        reason: result.reason,
      });
      return finish(empty("unavailable"));
  }
  const { document } = result;
  // The HTML tokenizer is loaded on the first document that holds markup, not at import.
  await prepareMarkup(documentTexts(document));
  const { content, moreContentExists, foundSection } = documentContent(
    document,
    target.section,
    limits.documentChars,
  );
  if (!foundSection)
    recorder.note(`section ${target.section} no longer exists; content starts at the top`);
  return finish({
    status: "ok",
    ref,
    title: toTitle(document.title),
    area: target.area,
    updated: toDate(document.updated),
    content,
    more_content_exists: moreContentExists,
  });
}

function* documentTexts(document: BackendDocument): Generator<string> {
  yield document.title;
  for (const section of document.sections) {
    yield section.heading;
    yield section.text;
  }
}

/** From the referenced section on (its heading line, then its text), within `maxChars`. */
export function documentContent(
  document: BackendDocument,
  section: string | undefined,
  maxChars: number,
): { content: string; moreContentExists: boolean; foundSection: boolean } {
  const start =
    section === undefined ? 0 : document.sections.findIndex((entry) => entry.section === section);
  // Only about `maxChars` can be shown, so read at most about twice that of raw text: a huge or
  // hostile document costs bounded work (sanitizing mostly shrinks text; what it lengthens, an
  // image's label, the cut below bounds).
  let rawBudget = maxChars * 2 + 1000;
  let rawCut = false;
  const blocks: string[] = [];
  for (const entry of document.sections.slice(Math.max(0, start))) {
    if (rawBudget <= 0) {
      rawCut = true;
      break;
    }
    const raw = truncate(entry.text, rawBudget);
    rawCut ||= raw.length < entry.text.length;
    rawBudget -= raw.length + Math.min(entry.heading.length, 1000);
    const heading = sanitizeText(truncate(entry.heading, 1000)).replace(/\s+/g, " ").trim();
    const text = sanitizeText(raw).trim();
    blocks.push(heading ? `${heading}\n${text}` : text);
  }
  const full = blocks.join("\n\n");
  return {
    content: cutText(full, maxChars),
    moreContentExists: rawCut || full.length > maxChars,
    foundSection: section === undefined || start >= 0,
  };
}
