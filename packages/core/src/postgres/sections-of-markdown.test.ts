import { expect, it } from "vitest";
import { sectionsOfMarkdown } from "./sections-of-markdown.js";

it("splits at headings, the first # heading as the title, fenced headings as text", () => {
  const sections = sectionsOfMarkdown(
    "# Key rotation\n\nRotate keys monthly.\n\n## Steps\n\n```sh\n# not a heading\nrotate\n```\n\n## Roll back\nRestore.\n",
    { collectionId: "runbooks", documentId: "ops/key-rotation", updatedAt: "2026-05-04" },
  );
  expect(sections.map(({ section, heading, title }) => ({ section, heading, title }))).toEqual([
    { section: 1, heading: "Key rotation", title: "Key rotation" },
    { section: 2, heading: "Steps", title: "Key rotation" },
    { section: 3, heading: "Roll back", title: "Key rotation" },
  ]);
  expect(sections[1]?.body).toContain("# not a heading");
  expect(sections[0]).toMatchObject({
    slug: "ops/key-rotation",
    updatedAt: "2026-05-04",
    body: "Rotate keys monthly.",
  });
});

it("a file without headings is one section titled by the fallback", () => {
  expect(
    sectionsOfMarkdown("Just text.", {
      collectionId: "c",
      documentId: "d",
      fallbackTitle: "Notes",
    }),
  ).toEqual([
    {
      collectionId: "c",
      documentId: "d",
      section: 1,
      title: "Notes",
      heading: "Notes",
      body: "Just text.",
      slug: "d",
    },
  ]);
});
