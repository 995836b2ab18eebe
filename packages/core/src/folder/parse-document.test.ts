import { describe, expect, it } from "vitest";
import { parseDocument } from "./parse-document.js";
import { toMarkdown } from "./to-markdown.js";

describe("parseDocument", () => {
  it("splits at ATX headings, every heading a section, the text before the first one too", () => {
    const text =
      "Intro line.\n\n# Key rotation\n\nRotate keys.\n\n## Steps\n### Empty\n## Rollback ##\nUndo.\n";
    const document = parseDocument(text, "key-rotation", "markdown");
    expect(document.title).toBe("Key rotation");
    expect(document.sections).toEqual([
      { heading: "", body: "Intro line." },
      { heading: "Key rotation", body: "Rotate keys." },
      { heading: "Steps", body: "" },
      { heading: "Empty", body: "" },
      { heading: "Rollback", body: "Undo." },
    ]);
  });

  it("ignores # lines inside fenced code blocks (``` and ~~~)", () => {
    const text =
      "# Title\n```sh\n# not a heading\n~~~\n# still code\n```\n~~~~\n# code\n~~~~\n## Next\nx";
    const { sections } = parseDocument(text, "f", "markdown");
    expect(sections.map((section) => section.heading)).toEqual(["Title", "Next"]);
    expect(sections[0]?.body).toContain("# not a heading");
    expect(sections[0]?.body).toContain("# code");
  });

  it("takes the title from front matter first, then the first # heading, then the file name", () => {
    expect(
      parseDocument(
        '---\ntitle: "Front: matter"\nupdated: 2026-05-04\n---\n# H1\nx',
        "f",
        "markdown",
      ),
    ).toMatchObject({
      title: "Front: matter",
      updated: "2026-05-04",
    });
    expect(parseDocument("## Only h2\n# Top\nx", "f", "markdown").title).toBe("Top");
    expect(parseDocument("no headings at all", "file-name", "markdown").title).toBe("file-name");
    // An unclosed front matter is not front matter.
    expect(parseDocument("---\ntitle: x\n# Real\n", "f", "markdown").title).toBe("Real");
  });

  it("bounds titles and headings to 300 characters", () => {
    const long = "x".repeat(5000);
    const document = parseDocument(`# ${long}\n\n## ${long}\nbody`, "f", "markdown");
    expect(document.title).toHaveLength(300);
    expect(document.sections.map((section) => section.heading.length)).toEqual([300, 300]);
  });

  it("reads a hostile long line in linear time", () => {
    const line = `# a${" ".repeat(200_000)}x`;
    const started = performance.now();
    const document = parseDocument(`${line}\n## b ##\n## c#\n### ###\n`, "f", "markdown");
    expect(performance.now() - started).toBeLessThan(1000);
    expect(document.sections.map((section) => section.heading)).toEqual([
      `a${" ".repeat(200_000)}x`.slice(0, 300),
      "b",
      "c#",
      "",
    ]);
  });

  it("reads plain text as one section, # lines and all", () => {
    expect(parseDocument("# not markdown\nline", "notes", "text")).toEqual({
      title: "notes",
      sections: [{ heading: "", body: "# not markdown\nline" }],
    });
    expect(parseDocument("", "empty", "text").sections).toEqual([]);
  });

  it("reads back what toMarkdown wrote, section for section, # and fences in bodies escaped", () => {
    const source = {
      title: 'A "quoted" title',
      updated: "2026-05-04",
      sections: [
        { heading: "First", body: "# a shell comment\n```\nunclosed fence" },
        { heading: "Second", body: "" },
        { heading: "Third", body: "text" },
      ],
    };
    const document = parseDocument(toMarkdown(source), "x", "markdown");
    expect(document.title).toBe(source.title);
    expect(document.updated).toBe("2026-05-04");
    expect(document.sections.map((section) => section.heading)).toEqual([
      "First",
      "Second",
      "Third",
    ]);
    expect(document.sections[0]?.body).toContain("\\# a shell comment");
  });
});
