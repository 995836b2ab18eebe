import { describe, expect, it } from "vitest";
import type { BackendHit, SearchBackend } from "../backend/search-backend.js";
import { createDocsSearch } from "../create-docs-search.js";
import { pageLink } from "./page-link.js";

// A record's own address links its ref (DocSearch, a crawled page, a URL column); portalUrl is the
// fallback for records without one. What reaches the app's `urls` is never a script or a secret.

function backendWith(hits: BackendHit[], documentUrl?: string): SearchBackend {
  return {
    specificationVersion: "v1",
    name: "links",
    async searchPage() {
      return { kind: "page", hits, more: false };
    },
    async getDocument() {
      return {
        kind: "document",
        document: {
          title: "Install",
          ...(documentUrl === undefined ? {} : { url: documentUrl }),
          sections: [
            { section: "1", heading: "Install", text: "Install the agent." },
            {
              section: "2",
              heading: "Steps",
              text: "Run the installer.",
              url: "https://docs.example.com/install#steps",
            },
          ],
        },
      };
    },
  };
}

const hit = (documentId: string, url?: string): BackendHit => ({
  documentId,
  title: documentId,
  snippet: "run the installer",
  score: 1,
  section: "2",
  ...(url === undefined ? {} : { url }),
});

describe("urls from the record's own address", () => {
  it("links a ref to its record's page and anchor, else under portalUrl, never to a script", async () => {
    const docs = createDocsSearch({
      backend: backendWith([
        hit("install", "https://docs.example.com/install#steps"),
        hit("plain"),
        hit("hostile", "javascript:alert(document.cookie)"),
        hit("secret", "https://user:hunter2@docs.example.com/page"),
      ]),
      areas: { guides: ["guides"] },
      portalUrl: "https://portal.example.com",
    });
    const { output, urls, trace } = await docs.search(
      { query: "installer" },
      { caller: { token: "t" } },
    );
    expect(output.results.map((result) => result.ref)).toEqual([
      "guides/install#2",
      "guides/plain#2",
      "guides/hostile#2",
      "guides/secret#2",
    ]);
    expect(urls).toEqual({
      "guides/install#2": "https://docs.example.com/install#steps",
      "guides/plain#2": "https://portal.example.com/guides/plain#2",
      "guides/hostile#2": "https://portal.example.com/guides/hostile#2",
      "guides/secret#2": "https://portal.example.com/guides/secret#2",
    });
    expect(JSON.stringify(trace)).toContain("guides/hostile#2: its url is not an http(s) address");
    expect(JSON.stringify({ output, urls })).not.toContain("hunter2");

    // get_document links the section it read from, by its own anchor.
    const read = await docs.getDocument({ ref: "guides/install#2" }, { caller: { token: "t" } });
    expect(read.urls).toEqual({ "guides/install#2": "https://docs.example.com/install#steps" });
  });

  it("without a portal, only records with an address are linked", async () => {
    const docs = createDocsSearch({
      backend: backendWith(
        [hit("install", "https://docs.example.com/install#steps"), hit("plain")],
        "https://docs.example.com/install",
      ),
      areas: { guides: ["guides"] },
    });
    const { urls } = await docs.search({ query: "installer" }, { caller: { token: "t" } });
    expect(urls).toEqual({ "guides/install#2": "https://docs.example.com/install#steps" });
    const whole = await docs.getDocument({ ref: "guides/plain#2" }, { caller: { token: "t" } });
    expect(whole.urls).toEqual({ "guides/plain#2": "https://docs.example.com/install#steps" });
  });

  it("pageLink keeps absolute http(s) addresses only", () => {
    expect(pageLink("https://docs.example.com/a b#x")).toBe("https://docs.example.com/a%20b#x");
    for (const url of [
      "javascript:alert(1)",
      "data:text/html,<script>",
      "/relative/path",
      "ftp://docs.example.com/x",
      "https://user:pw@docs.example.com/",
      `https://docs.example.com/${"a".repeat(3000)}`,
      undefined,
    ]) {
      expect(pageLink(url)).toBeUndefined();
    }
  });
});
