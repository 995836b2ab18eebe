import { describe, expect, it } from "vitest";
import { createDocsSearch } from "../create-docs-search.js";
import { type MemoryDocument, memoryBackend } from "../testing/memory-backend.js";

// DESIGN §5 "Long documents": a page of any length is read to its end in bounded steps, each
// get_document naming where the next one starts (`continue_ref`).

const caller = { caller: { token: "reader" } };
const pageChars = 200_000;

/** Numbered words, so every word of the page is distinct and the reading order is checkable. */
function words(from: number, count: number): string {
  return Array.from({ length: count }, (_, index) => `w${from + index}`).join(" ");
}

/** A page of `sections` sections whose bodies add up to about `pageChars` characters. */
function longPage(sections: number): MemoryDocument {
  const perSection = Math.ceil(pageChars / sections);
  let next = 0;
  return {
    id: "api-reference-v3",
    title: "API reference",
    sections: Array.from({ length: sections }, (_, index) => {
      const lines: string[] = [];
      let length = 0;
      while (length < perSection) {
        const line = words(next, 12);
        next += 12;
        lines.push(line);
        length += line.length + 1;
      }
      return { heading: sections === 1 ? "" : `Endpoint ${index + 1}`, body: lines.join("\n") };
    }),
  };
}

function docsOver(document: MemoryDocument, documentChars?: number) {
  return createDocsSearch({
    backend: memoryBackend({
      collections: { reference: [document] },
      readers: { reference: ["reader"] },
    }),
    areas: { api: ["reference"] },
    ...(documentChars === undefined ? {} : { limits: { documentChars } }),
  });
}

async function readToTheEnd(docs: ReturnType<typeof docsOver>, first: string) {
  const steps: { ref: string; content: string; continueRef: string | null }[] = [];
  let ref: string | null = first;
  while (ref !== null && steps.length < 200) {
    const { output } = await docs.getDocument({ ref }, caller);
    expect(output.status).toBe("ok");
    expect(output.more_content_exists).toBe(output.continue_ref !== null);
    steps.push({ ref, content: output.content ?? "", continueRef: output.continue_ref });
    ref = output.continue_ref;
  }
  return steps;
}

/** Every numbered word of the text, in order. */
function wordsOf(text: string): string[] {
  return text.match(/\bw\d+\b/g) ?? [];
}

describe("get_document continues a long page where it stopped", () => {
  for (const sections of [40, 7, 1]) {
    it(`reads a ${pageChars.toLocaleString("en")}-character page of ${sections} section(s) to its end, every step bounded`, async () => {
      const page = longPage(sections);
      const total = page.sections.reduce((sum, entry) => sum + entry.body.length, 0);
      expect(total).toBeGreaterThanOrEqual(pageChars);
      const docs = docsOver(page);
      const { output } = await docs.search({ query: "API reference w0" }, caller);
      const first = output.results.find((result) => result.ref.endsWith("#1"))?.ref;
      expect(first).toBe("api/api-reference#1");

      const steps = await readToTheEnd(docs, first as string);
      // Every step within the budget, and few of them: the budget is used, not nibbled.
      for (const step of steps) expect(step.content.length).toBeLessThanOrEqual(6000);
      expect(steps.length).toBeLessThanOrEqual(Math.ceil(total / 6000) + sections + 1);
      expect(steps.at(-1)?.continueRef).toBeNull();
      // Read in order, nothing skipped, nothing twice: exactly the page's words.
      const read = steps.flatMap((step) => wordsOf(step.content));
      expect(read).toEqual(page.sections.flatMap((entry) => wordsOf(entry.body)));
      // Each section's heading shows once, where its text starts.
      const headings = steps.flatMap((step) => step.content.match(/^Endpoint \d+$/gm) ?? []);
      expect(headings).toEqual(page.sections.map((entry) => entry.heading).filter(Boolean));
      // Refs stay legible: a section, or a place inside one.
      for (const step of steps.slice(1))
        expect(step.ref).toMatch(/^api\/api-reference#\d+(-\d+)?$/);
    });
  }

  it("a page that fits has no continue_ref; a short budget gives one at the next section", async () => {
    const page: MemoryDocument = {
      id: "short",
      title: "Short page",
      sections: [
        { heading: "One", body: "alpha ".repeat(20) },
        { heading: "Two", body: "beta ".repeat(20) },
      ],
    };
    const whole = await docsOver(page).search({ query: "alpha" }, caller);
    const ref = whole.output.results[0]?.ref as string;
    const docs = docsOver(page);
    await docs.search({ query: "alpha" }, caller);
    expect((await docs.getDocument({ ref }, caller)).output).toMatchObject({
      more_content_exists: false,
      continue_ref: null,
    });
    const short = docsOver(page, 160);
    await short.search({ query: "alpha" }, caller);
    const read = await short.getDocument({ ref }, caller);
    expect(read.output.continue_ref).toBe("api/short-page#2");
    const next = await short.getDocument({ ref: read.output.continue_ref as string }, caller);
    expect(next.output.content).toMatch(/^Two\nbeta/);
    expect(next.output.continue_ref).toBeNull();
  });

  it("a continue_ref grants nothing: another caller who may not read the page gets no_access", async () => {
    const docs = docsOver(longPage(3));
    const { output } = await docs.search({ query: "API reference" }, caller);
    const read = await docs.getDocument({ ref: output.results[0]?.ref as string }, caller);
    const stranger = await docs.getDocument(
      { ref: read.output.continue_ref as string },
      { caller: { token: "stranger" } },
    );
    expect(stranger.output).toMatchObject({
      status: "no_access",
      content: null,
      continue_ref: null,
    });
  });
});
