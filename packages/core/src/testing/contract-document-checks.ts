import { describeOutcome } from "./contract-describe.js";
import { contractReadDocumentKey } from "./contract-documents.js";
import { type ContractSession, documentByKey } from "./contract-session.js";

// The contract's document checks: read back as loaded, not_found, and the size limit.

export async function readsDocument(session: ContractSession): Promise<void> {
  const expected = documentByKey(contractReadDocumentKey);
  const outcome = await session.read(session.documentId(expected.key));
  if (outcome.kind !== "document") {
    throw new Error(
      `getDocument of "${expected.key}" answered ${describeOutcome(outcome)}, not the document.`,
    );
  }
  const { document } = outcome;
  if (document.title !== expected.title) {
    throw new Error(
      `its title is ${JSON.stringify(document.title)}, loaded as ${JSON.stringify(expected.title)}.`,
    );
  }
  if (document.slug !== expected.slug) {
    throw new Error(
      `its slug is ${JSON.stringify(document.slug)}, loaded as ${JSON.stringify(expected.slug)}.`,
    );
  }
  if (document.updated?.slice(0, 10) !== expected.updated) {
    throw new Error(
      `its updated is ${JSON.stringify(document.updated)}, loaded as ${JSON.stringify(expected.updated)}.`,
    );
  }
  if (document.sections.length !== expected.sections.length) {
    throw new Error(
      `it has ${document.sections.length} sections, loaded with ${expected.sections.length}.`,
    );
  }
  const ids = new Set<string>();
  for (const [position, section] of document.sections.entries()) {
    const loaded = expected.sections[position];
    if (loaded === undefined) continue;
    if (section.heading !== loaded.heading || normalize(section.text) !== normalize(loaded.body)) {
      throw new Error(
        `its section ${position + 1} is ${JSON.stringify({ heading: section.heading, text: section.text })}; loaded as ${JSON.stringify({ heading: loaded.heading, text: loaded.body })} (sections in order, as loaded).`,
      );
    }
    if (ids.has(section.section))
      throw new Error(`two sections share the section id ${JSON.stringify(section.section)}.`);
    ids.add(section.section);
  }
  // Section ids as hits name them: a hit of a word of one section names that section.
  const word = "fourteen";
  const hits = await session.search({ query: word });
  const hit =
    hits.kind === "page"
      ? hits.hits.find((each) => each.documentId === session.documentId(expected.key))
      : undefined;
  if (hit === undefined) {
    throw new Error(
      `searching "${word}" (in section 4 of "${expected.key}") did not find "${expected.key}": ${describeOutcome(hits)}.`,
    );
  }
  if (hit.section !== document.sections[3]?.section) {
    throw new Error(
      `searching "${word}" (in section 4 of "${expected.key}") named section ${JSON.stringify(hit.section)}; getDocument lists section 4 as ${JSON.stringify(document.sections[3]?.section)}.`,
    );
  }
}

export async function answersNotFound(session: ContractSession): Promise<void> {
  const outcome = await session.read("no-such-document-7f3a9c");
  if (outcome.kind !== "not_found") {
    throw new Error(
      `getDocument of a document that does not exist answered ${describeOutcome(outcome)}, not not_found.`,
    );
  }
}

export async function boundsDocuments(session: ContractSession): Promise<void> {
  const expected = documentByKey(contractReadDocumentKey);
  const attempt = session.attempt({ limits: { documentSections: 2 } });
  const outcome = await session.read(session.documentId(expected.key), { attempt });
  if (session.fixture.pageRecords === true) {
    // A page is never cut: two sections, the second running to the page's end.
    const sections = outcome.kind === "document" ? outcome.document.sections : [];
    const rest = normalize(sections[1]?.text ?? "");
    if (
      sections.length !== 2 ||
      !expected.sections.slice(2).every((section) => rest.includes(normalize(section.body)))
    ) {
      throw new Error(
        `getDocument of the page "${expected.key}" (4 sections) with limits.documentSections 2 answered ${describeOutcome(outcome)}, not two sections, the second holding the rest of the page.`,
      );
    }
    return;
  }
  if (outcome.kind !== "failed" || outcome.cause !== "too_large") {
    throw new Error(
      `getDocument of "${expected.key}" (4 sections) with limits.documentSections 2 answered ${describeOutcome(outcome)}, not { kind: "failed", cause: "too_large" }.`,
    );
  }
}

function normalize(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}
