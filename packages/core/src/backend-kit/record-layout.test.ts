import { describe, expect, it } from "vitest";
import { ConfigurationError } from "../errors/configuration-error.js";
import {
  defaultSectionFields,
  fieldValue,
  pageTopSection,
  recordLayout,
  sectionsLayout,
} from "./record-layout.js";

describe("recordLayout", () => {
  it("reads a dotted path from a nested object or a flat dotted key alike", () => {
    expect(fieldValue({ hierarchy: { lvl1: "Nested" } }, "hierarchy.lvl1")).toBe("Nested");
    expect(fieldValue({ "hierarchy.lvl1": "Flat" }, "hierarchy.lvl1")).toBe("Flat");
    expect(fieldValue({ hierarchy: null }, "hierarchy.lvl1")).toBeUndefined();
  });

  it("reads docs-scraper records: flattened levels, a missing level written as the text null", () => {
    const layout = recordLayout("test", {
      docsearchFields: { hierarchyPrefix: "hierarchy_", position: "position" },
    });
    const record = (
      anchor: string | undefined,
      position: number,
      lvl2: string,
      content: string,
    ) => ({
      url: `https://docs.test/guide/setup${anchor === undefined ? "" : `#${anchor}`}`,
      ...(anchor === undefined ? {} : { anchor }),
      hierarchy_lvl0: "Docs",
      hierarchy_lvl1: "Setup",
      hierarchy_lvl2: lvl2,
      hierarchy_lvl3: "null",
      content,
      position,
    });
    const hit = layout.readHit(record("install", 2, "Install", "Run the installer."), "", 1);
    expect(hit).toEqual({
      documentId: "https://docs.test/guide/setup",
      title: "Setup",
      snippet: "Run the installer.",
      score: 1,
      section: "install",
      slug: "guide/setup",
      // The record's own page at its heading: the app's link for this ref.
      url: "https://docs.test/guide/setup#install",
    });
    // Records arrive in any order; one anchor's records are one section, in page order.
    const document = layout.readDocument([
      record("install", 3, "Install", "Then restart."),
      record(undefined, 0, "null", "Setting up takes five minutes."),
      record("install", 2, "Install", "Run the installer."),
    ]);
    expect(document).toEqual({
      title: "Setup",
      slug: "guide/setup",
      url: "https://docs.test/guide/setup",
      sections: [
        {
          section: pageTopSection,
          heading: "",
          text: "Setting up takes five minutes.",
          url: "https://docs.test/guide/setup",
        },
        {
          section: "install",
          heading: "Install",
          text: "Run the installer.\n\nThen restart.",
          url: "https://docs.test/guide/setup#install",
        },
      ],
    });
  });

  it("reads section records in section order, one copy of each (a pattern or alias can match an old and a new index during a reindex)", () => {
    const layout = sectionsLayout(defaultSectionFields);
    const section = (at: number | string, body: string) => ({
      document_id: "setup",
      section: at,
      title: "Setup",
      heading: `Step ${at}`,
      body,
      slug: "guide/setup",
      updated_at: at === 2 ? "2026-02-01" : "2026-01-01",
    });
    expect(
      layout.readDocument([section(2, "Run it."), section("1", "Get it."), section(2, "Run it.")]),
    ).toEqual({
      title: "Setup",
      slug: "guide/setup",
      updated: "2026-02-01",
      sections: [
        { section: "1", heading: "Step 1", text: "Get it." },
        { section: "2", heading: "Step 2", text: "Run it." },
      ],
    });
    expect(layout.readDocument([{ ...section(1, "x"), section: "one" }])).toBe(
      "section 1 has no section",
    );
  });

  it("refuses an unknown layout or field, and a field name that is not one", () => {
    expect(() => recordLayout("test", { records: "flat" as "sections" })).toThrow(
      ConfigurationError,
    );
    expect(() =>
      recordLayout("test", { records: "sections", sectionFields: { bogus: "x" } as never }),
    ).toThrow(/bogus is not a field/);
    expect(() =>
      recordLayout("test", { records: "sections", sectionFields: { body: "body^3" } }),
    ).toThrow(/must be a field name/);
    // Field names for the other layout are refused, not silently ignored.
    expect(() => recordLayout("test", { sectionFields: { body: "text" } })).toThrow(
      /apply to records: "sections"/,
    );
  });
});
