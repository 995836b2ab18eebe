import { describe, expect, it } from "vitest";
import type { BackendAttempt } from "../backend/search-backend.js";
import { ConfigurationError } from "../errors/configuration-error.js";
import { defaultLimits } from "../limits.js";
import { elasticsearchBackend } from "./elasticsearch-backend.js";
import { elasticsearchLayout } from "./elasticsearch-layout.js";

const attempt = {
  limits: defaultLimits,
  timeLeftMs: () => Number.POSITIVE_INFINITY,
} as unknown as BackendAttempt;
const layoutOptions = { flavor: "elasticsearch", titleBoost: 3, passageChars: 300 } as const;

describe("elasticsearchBackend's record layouts", () => {
  it("refuses options of the other layout, an unknown layout or format, a bad field name", () => {
    const refused = [
      { records: "pages", fields: { body: "text" } },
      { pageFields: { body: "text" } },
      { pageFormat: "markdown" },
      { records: "rows" },
      { records: "pages", pageFormat: "rst" },
      { records: "pages", pageFields: { content: "text" } },
      { records: "pages", pageFields: { body: "body^2" } },
    ] as const;
    for (const options of refused) {
      expect(() => elasticsearchBackend({ url: "http://x", ...(options as object) })).toThrow(
        ConfigurationError,
      );
    }
  });

  it("a page hit whose body is not text is malformed, never read as an empty page", () => {
    const layout = elasticsearchLayout("test", { records: "pages", ...layoutOptions });
    const hit = { _id: "p", _score: 1, _source: { title: "P", body: 42 } };
    expect(layout.readHit(hit, 0, "p", attempt)).toBe("page p has a body that is not text");
    expect(layout.readDocument([hit], attempt, 10_000)).toMatchObject({
      kind: "failed",
      cause: "malformed",
    });
    expect(layout.readDocument([], attempt, 10_000)).toEqual({ kind: "not_found" });
  });

  it("a page without a title reads by its URL path; one without an id is malformed", () => {
    const layout = elasticsearchLayout("test", { records: "pages", ...layoutOptions });
    const hit = {
      _id: "p",
      _score: 2,
      _source: { body: "Text.", url: "https://docs.test/guide/a%20b/" },
    };
    expect(layout.readHit(hit, 0, "text", attempt)).toMatchObject({
      documentId: "p",
      title: "guide/a b",
      slug: "guide/a b",
      section: "1",
      url: "https://docs.test/guide/a%20b/",
    });
    expect(layout.readHit({ _score: 1, _source: { title: "T" } }, 0, "t", attempt)).toBe(
      "a page has no _id",
    );
  });
});
