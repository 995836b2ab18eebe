import type { BackendDocument } from "../backend/search-backend.js";
import { type Caller, parseCaller } from "../contract/caller.js";
import type { DocumentOutput } from "../contract/contract.js";
import { pageLink } from "../refs/page-link.js";
import { parseRef } from "../refs/ref.js";
import { decodeRefPath } from "../refs/ref-path.js";
import type { RefTarget } from "../refs/ref-store.js";
import type { CallOptions } from "../session/call-options.js";
import type { DocsEngine } from "../session/docs-engine.js";
import { ToolCall } from "../session/tool-call.js";
import { prepareMarkup } from "../text/markup-parser.js";
import { cutText, sanitizeText, truncate } from "../text/sanitize-text.js";
import { toDate } from "../text/to-date.js";
import { toTitle } from "../text/to-title.js";
import { loadOpenTelemetryApi, spansCanRecord } from "../trace/open-telemetry-api.js";
import type { Trace } from "../trace/trace.js";
import { parseInput } from "../util/parse-input.js";
import { type ContentPosition, findPosition, formatPosition } from "./content-position.js";

/**
 * get_document: resolve a ref this tool issued and read the document as the current caller.
 * A ref grants nothing: the fetch carries this caller's credentials, so a ref issued to someone
 * else answers `no_access` if this caller cannot read it.
 */
export async function runGetDocument(
  engine: DocsEngine,
  input: unknown,
  options: CallOptions,
): Promise<DocumentRead> {
  const { ref } = parseInput(engine.contract.documentInput, "get_document", input);
  const caller = parseCaller(options?.caller, "get_document");
  if (spansCanRecord(engine.telemetry)) await loadOpenTelemetryApi();
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

/** What get_document read, and the page's own address when its record carries one. */
export interface DocumentRead {
  output: DocumentOutput;
  trace: Trace;
  unauthorized: boolean;
  link?: string;
}

async function readDocument(
  engine: DocsEngine,
  call: ToolCall,
  ref: string,
  caller: Caller,
): Promise<DocumentRead> {
  const { recorder, deadline } = call;
  const { limits } = engine;
  // No ref this tool issues is longer; what is echoed (output and trace) stays bounded.
  const tooLong = ref.length > limits.refChars;
  const echoed = tooLong ? cutText(ref, limits.refChars) : ref;
  recorder.trace.ref = echoed;
  const finish = async (output: DocumentOutput, link?: string): Promise<DocumentRead> => ({
    output,
    trace: call.finish(output.status, output),
    unauthorized: call.unauthorized,
    ...(link === undefined ? {} : { link }),
  });
  const empty = (status: DocumentOutput["status"]): DocumentOutput => ({
    status,
    ref: echoed,
    title: null,
    area: null,
    updated: null,
    content: null,
    more_content_exists: false,
    continue_ref: null,
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
  const { content, moreContentExists, foundSection, continueAt } = documentContent(
    document,
    target.section,
    limits.documentChars,
  );
  if (!foundSection)
    recorder.note(`section ${target.section} no longer exists; content starts at the top`);
  const continueRef =
    continueAt === undefined
      ? null
      : await issueContinuation(engine, call, {
          ...target,
          slug: parsed.slug,
          document,
          continueAt,
        });
  // The section read from, where it has its own address (its anchor); else the page's.
  const section = document.sections.find((entry) => entry.section === target.section);
  return finish(
    {
      status: "ok",
      ref,
      title: toTitle(document.title),
      area: target.area,
      updated: toDate(document.updated),
      content,
      more_content_exists: moreContentExists,
      continue_ref: continueRef,
    },
    pageLink(section?.url) ?? pageLink(document.url),
  );
}

/**
 * The ref the next read starts at, issued like a search result's: the same slug (so the same
 * document), a section (or a place inside one) not shown yet. Null when no ref could be minted:
 * the content stands, the trace says why.
 */
async function issueContinuation(
  engine: DocsEngine,
  call: ToolCall,
  request: RefTarget & { slug: string; document: BackendDocument; continueAt: ContentPosition },
): Promise<string | null> {
  const { area, collectionId, documentId, slug, document, continueAt } = request;
  const issued = await engine.refs.issue(
    [
      {
        area,
        collectionId,
        documentId,
        slug,
        // A path slug (a folder's, a site's) stays the same path in the continuation's ref.
        path: decodeRefPath(slug),
        maxRefChars: engine.limits.refChars,
        title: document.title,
        section: formatPosition(continueAt),
      },
    ],
    call.deadline,
  );
  if (issued.degraded !== undefined) call.recorder.refStoreFailed(issued.degraded);
  const ref = issued.refs[0];
  if (ref === undefined) call.recorder.note("no ref could be minted to continue this document");
  return ref ?? null;
}

function* documentTexts(document: BackendDocument): Generator<string> {
  yield document.title;
  for (const section of document.sections) {
    yield section.heading;
    yield section.text;
  }
}

export interface DocumentContent {
  content: string;
  moreContentExists: boolean;
  foundSection: boolean;
  /** Where the next read starts (the first character not shown); undefined when all was shown. */
  continueAt: ContentPosition | undefined;
}

// A later section starts only with this much room left (or a quarter of the budget, if less):
// a heading and three words are better read from the continuation.
const minimumSectionRoom = 200;
// Raw text read per section piece, in multiples of the room: markup can shrink a lot, but the
// work stays bounded whatever the document holds.
const maxRawPerRoom = 4;

/**
 * From the referenced section on (its heading line, then its text), within `maxChars`. `start` is
 * a section or a continuation inside one (`ContentPosition`); the content stops where the budget
 * does, and `continueAt` names the first character not shown, so a page of any length is read in
 * bounded steps.
 */
export function documentContent(
  document: BackendDocument,
  start: string | undefined,
  maxChars: number,
): DocumentContent {
  const found = start === undefined ? undefined : findPosition(document.sections, start);
  const from = found ?? { index: 0, offset: 0 };
  const blocks: string[] = [];
  let used = 0;
  let continueAt: ContentPosition | undefined;
  for (let index = from.index; index < document.sections.length; index++) {
    const entry = document.sections[index] as BackendDocument["sections"][number];
    const offset = index === from.index ? from.offset : 0;
    const first = blocks.length === 0;
    // A read that continues inside a section picks up its text where the last one stopped.
    const heading =
      offset > 0
        ? ""
        : cutText(
            sanitizeText(truncate(entry.heading, 1000)).replace(/\s+/g, " ").trim(),
            first ? Math.floor(maxChars / 4) : 1000,
          );
    const separator = first ? 0 : 2;
    const room = maxChars - used - separator - (heading ? heading.length + 1 : 0);
    if (!first && room < Math.min(minimumSectionRoom, maxChars / 4)) {
      continueAt = { section: entry.section, offset: 0 };
      break;
    }
    const part = sectionPart(entry.text, offset, Math.max(1, room));
    const block = heading ? `${heading}\n${part.text}` : part.text;
    blocks.push(block);
    used += separator + block.length;
    if (part.end < entry.text.length) {
      continueAt = { section: entry.section, offset: part.end };
      break;
    }
  }
  return {
    content: cutText(blocks.join("\n\n"), maxChars),
    moreContentExists: continueAt !== undefined,
    foundSection: start === undefined || found !== undefined,
    continueAt,
  };
}

/**
 * As much of `text` from `offset` as fits in `room` once sanitized, ending at a line break (or a
 * space) where one is near, and where it ended in the raw text. Sanitizing mostly shrinks text,
 * so a piece the size of the room nearly always fits; one that grows is halved until it fits.
 */
function sectionPart(text: string, offset: number, room: number): { text: string; end: number } {
  let take = Math.min(text.length - offset, room);
  let fitting: { text: string; end: number } | undefined;
  for (let attempt = 0; attempt < 8 && take > 0; attempt++) {
    const end = pieceEnd(text, offset, take);
    const shown = sanitizeText(text.slice(offset, end)).trim();
    if (shown.length > room) {
      if (fitting) break;
      take = Math.floor(take / 2);
      continue;
    }
    fitting = { text: shown, end };
    // Markup shrank it well below the room: read on, within a bounded multiple of the room.
    if (end >= text.length || shown.length > room / 2 || take >= room * maxRawPerRoom) break;
    take = Math.min(text.length - offset, take * 2);
  }
  if (fitting) return fitting;
  // Text that grows past any piece (images' labels, say): cut, and move on by at least one unit.
  const end = pieceEnd(text, offset, Math.max(1, Math.min(room, text.length - offset)));
  return { text: cutText(sanitizeText(text.slice(offset, end)).trim(), room), end };
}

/** Where a piece of `take` raw characters from `offset` ends: a line break, else a space, in its second half. */
function pieceEnd(text: string, offset: number, take: number): number {
  const end = offset + take;
  if (end >= text.length) return text.length;
  const half = offset + Math.floor(take / 2);
  const tail = text.slice(half, end);
  const lineBreak = tail.lastIndexOf("\n");
  if (lineBreak >= 0) return half + lineBreak + 1;
  const space = tail.search(/\s\S*$/);
  if (space >= 0) return half + space + 1;
  // Never inside a surrogate pair: half a character is invalid text for the model's API.
  const cut = offset + truncate(text.slice(offset, end), take).length;
  return cut > offset ? cut : Math.min(text.length, offset + 2);
}
