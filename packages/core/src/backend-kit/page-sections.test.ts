import { describe, expect, it } from "vitest";
import { pageSections } from "./page-sections.js";
import { sectionOfPassage } from "./passage-section.js";
import { sectionUrl } from "./section-url.js";

/** The section at `index`, or the test fails here. */
function at<Item>(items: readonly Item[], index: number): Item {
  const item = items[index];
  if (item === undefined) throw new Error(`no item ${index}`);
  return item;
}

const brief = (sections: ReturnType<typeof pageSections>) =>
  sections.map(({ section, heading, text, anchor }) => ({ section, heading, text, anchor }));

describe("pageSections", () => {
  it("a page with no headings is one section under its title, the whole body", () => {
    for (const format of ["plain", "markdown", "html"] as const) {
      const sections = pageSections({ title: "Notes", body: "Just text.\nMore.", format });
      expect(brief(sections)).toEqual([
        { section: "1", heading: "Notes", text: "Just text.\nMore.", anchor: undefined },
      ]);
    }
    expect(pageSections({ title: "Empty", body: "" })).toHaveLength(1);
  });

  it("Markdown: each heading starts a section, fenced and front-matter lines are text", () => {
    const body = [
      "---",
      "title: Key rotation",
      "---",
      "Rotate keys monthly.",
      "",
      "## Steps {#steps-id}",
      "```sh",
      "# not a heading",
      "```",
      "~~~~",
      "## nor this",
      "~~~",
      "~~~~",
      "### Roll `back`",
      "Restore.",
      "Setext heading",
      "--------------",
      "Under it.",
      "## Steps",
      "Again.",
    ].join("\n");
    const sections = pageSections({ title: "Key rotation", body, format: "markdown" });
    expect(brief(sections)).toEqual([
      { section: "1", heading: "Key rotation", text: "Rotate keys monthly.", anchor: undefined },
      {
        section: "2",
        heading: "Steps",
        text: "```sh\n# not a heading\n```\n~~~~\n## nor this\n~~~\n~~~~",
        anchor: "steps-id",
      },
      { section: "3", heading: "Roll back", text: "Restore.", anchor: "roll-back" },
      { section: "4", heading: "Setext heading", text: "Under it.", anchor: "setext-heading" },
      { section: "5", heading: "Steps", text: "Again.", anchor: "steps" },
    ]);
    // Offsets cover the body: a passage's offset finds its section.
    expect(body.slice(sections[2]?.start, sections[2]?.end)).toBe("### Roll `back`\nRestore.\n");
  });

  it("Markdown: a repeated heading gets GitHub's -1 suffix; maxLevel keeps deeper headings as text", () => {
    const body = "# Page\nintro\n## FAQ\na\n## FAQ\nb\n#### Deep\nc";
    expect(pageSections({ title: "Page", body, format: "markdown" }).map((s) => s.anchor)).toEqual([
      "page",
      "faq",
      "faq-1",
      "deep",
    ]);
    const shallow = pageSections({ title: "Page", body, format: "markdown" }, { maxLevel: 3 });
    expect(shallow.map((s) => s.heading)).toEqual(["Page", "FAQ", "FAQ"]);
    expect(shallow[2]?.text).toBe("b\n#### Deep\nc");
  });

  it("HTML: h1–h6 with tags stripped and entities decoded, ids kept, none in code or comments", () => {
    const body = [
      "<p>Before.</p>",
      '<h2 id="install">Install <code>agent</code> &amp; run</h2><p>Run it.</p>',
      "<!-- <h2>Commented</h2> -->",
      "<pre><h3>in pre</h3></pre>",
      '<h3><a name="opts"></a>Options</h3><p>All of them.</p>',
      "<H4>Upper</H4>tail",
    ].join("\n");
    const sections = pageSections({ title: "Agent", body, format: "html" });
    expect(sections.map(({ heading, anchor }) => ({ heading, anchor }))).toEqual([
      { heading: "Agent", anchor: undefined },
      { heading: "Install agent & run", anchor: "install" },
      { heading: "Options", anchor: "opts" },
      { heading: "Upper", anchor: undefined },
    ]);
    expect(sections[1]?.text).toContain("<pre><h3>in pre</h3></pre>");
    expect(sections[3]?.text).toBe("tail");
  });

  it("plain text: a crawler's headings list, found in order as whole words", () => {
    const body =
      "Agent setup Installing is easy. Install Run the installer. Configure Set the key. install again";
    const sections = pageSections({
      title: "Agent setup",
      body,
      headings: ["Agent setup", "Install", "Configure", "Missing heading"],
    });
    expect(brief(sections)).toEqual([
      { section: "1", heading: "Agent setup", text: "Installing is easy.", anchor: undefined },
      { section: "2", heading: "Install", text: "Run the installer.", anchor: undefined },
      { section: "3", heading: "Configure", text: "Set the key. install again", anchor: undefined },
    ]);
  });

  it("plain text: a table of contents before or after the content does not take the headings", () => {
    const headings = ["Install", "Configure", "Troubleshoot"];
    const content =
      "Install Run the installer as root. Configure Set the key in the config file. Troubleshoot Read the agent's logs first.";
    const toc = "On this page Install Configure Troubleshoot";
    const top = pageSections({ title: "Agent", body: `Agent ${toc} ${content}`, headings });
    expect(brief(top).map(({ heading, text }) => [heading, text])).toEqual([
      ["Agent", `Agent ${toc}`],
      ["Install", "Run the installer as root."],
      ["Configure", "Set the key in the config file."],
      ["Troubleshoot", "Read the agent's logs first."],
    ]);
    const bottom = pageSections({ title: "Agent", body: `${content} ${toc}`, headings });
    expect(brief(bottom).map(({ heading, text }) => [heading, text])).toEqual([
      ["Install", "Run the installer as root."],
      ["Configure", "Set the key in the config file."],
      ["Troubleshoot", `Read the agent's logs first. ${toc}`],
    ]);
  });

  it("30 headings give 30 sections; maxSections makes the last one run to the end", () => {
    const body = Array.from({ length: 30 }, (_, n) => `## Part ${n + 1}\nText ${n + 1}.`).join(
      "\n",
    );
    const sections = pageSections({ title: "Long", body, format: "markdown" });
    expect(sections).toHaveLength(30);
    expect(sections[29]).toMatchObject({ section: "30", heading: "Part 30", text: "Text 30." });
    const capped = pageSections({ title: "Long", body, format: "markdown" }, { maxSections: 10 });
    expect(capped).toHaveLength(10);
    expect(capped.slice(0, 9)).toEqual(sections.slice(0, 9));
    expect(capped[9]?.text).toMatch(/^Text 10\.\n## Part 11\n[\s\S]*Text 30\.$/);
  });
});

describe("sectionOfPassage", () => {
  const body =
    "# Keys\nintro\n## Rotate\nRotate the signing key monthly.\n## Revoke\nRevoke a leaked key at once.";
  const sections = pageSections({ title: "Keys", body, format: "markdown" });

  it("the section holding most of the query's words, beating where the fragment sits", () => {
    // "key" occurs in both; "signing" only in section 2, so the engine's passage from 3 loses.
    expect(sectionOfPassage(body, sections, "a leaked key", "signing key")?.section).toBe("2");
  });

  it("among sections holding the same words, the one the highlight fragment sits in", () => {
    // "key" is in sections 2 and 3: the fragment says which the engine matched.
    expect(sectionOfPassage(body, sections, "Revoke a leaked key", "key")?.section).toBe("3");
    expect(sectionOfPassage(body, sections, "Rotate the signing key", "key")?.section).toBe("2");
    // A fragment that starts before the heading: the section its first matched word is in.
    expect(
      sectionOfPassage(body, sections, "monthly.\n## Revoke\nRevoke a leaked key", "key")?.section,
    ).toBe("3");
    // Whitespace joined differently by the engine: placed word by word.
    expect(
      sectionOfPassage(body, sections, "monthly. Revoke  Revoke a leaked key", "key")?.section,
    ).toBe("3");
    expect(sectionOfPassage(body, sections, "the  signing\nkey", "key")?.section).toBe("2");
  });

  it("without a usable passage, the section where the query's words occur most", () => {
    // The passage is the body's start (no_match_size): it holds none of the words.
    expect(sectionOfPassage(body, sections, "# Keys intro", "revoke leaked")?.section).toBe("3");
    expect(sectionOfPassage(body, sections, "", "rotating")?.section).toBe("2");
    expect(sectionOfPassage(body, sections, "", "nothing here")?.section).toBe("1");
  });
});

describe("sectionUrl", () => {
  const sections = pageSections({
    title: "Setup",
    body: "Intro. Install the agent - now",
    headings: ["Install the agent - now"],
  });

  it("the page for its top, a text fragment for a heading known by its text, the anchor else", () => {
    expect(sectionUrl("https://docs.test/setup#old", at(sections, 0), "Setup")).toBe(
      "https://docs.test/setup",
    );
    expect(sectionUrl("https://docs.test/setup", at(sections, 1), "Setup")).toBe(
      "https://docs.test/setup#:~:text=Install%20the%20agent%20%2D%20now",
    );
    const steps = at(pageSections({ title: "T", body: "a\n## Steps\nb", format: "markdown" }), 1);
    expect(sectionUrl("https://docs.test/t", steps, "T")).toBe("https://docs.test/t#steps");
    expect(sectionUrl("javascript:alert(1)", steps, "T")).toBeUndefined();
    expect(sectionUrl("/relative", steps, "T")).toBeUndefined();
  });
});
