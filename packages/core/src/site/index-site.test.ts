import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createDocsSearch } from "../create-docs-search.js";
import { localCaller } from "../folder/local-caller.js";
import { indexSite } from "./index-site.js";
import { siteAreaName, siteBackend, siteCollection } from "./site-backend.js";

// A docs site on the loopback address, as real sites serve theirs: chrome around the content,
// Markdown alternates, llms.txt, nested sitemaps, robots rules, redirects, failures and traps.
interface Site {
  url: string;
  other: string;
  state: { round: number; requests: string[] };
  close(): Promise<void>;
}

const chrome = (
  main: string,
  head = "",
) => `<!doctype html><html><head><title>Docs | Example</title>${head}
<script src="/assets/app.js"></script></head><body>
<header class="navbar"><a href="/docs/">Home</a> <a href="/docs/guides/install">Install</a></header>
<div id="cookie-banner">We use cookies to improve your experience. <button>Accept</button></div>
<nav class="sidebar"><a href="/docs/guides/configure">Configure</a><a href="/docs/calendar/1">Events</a></nav>
<main>${main}</main>
<aside class="table-of-contents"><a href="#steps">Steps</a></aside>
<footer><a href="https://github.com/x/edit">Edit this page</a> Copyright footer text</footer>
</body></html>`;

async function startSite(): Promise<Site> {
  const state = { round: 1, requests: [] as string[] };
  const outside = createServer((_request, response) => response.end("outside"));
  await new Promise<void>((resolve) => outside.listen(0, "127.0.0.1", resolve));
  const other = `http://127.0.0.1:${(outside.address() as AddressInfo).port}`;
  let url = "";
  const huge = "<p>filler words</p>".repeat(1_100_000); // about 20 MB
  const handle = (request: IncomingMessage, response: ServerResponse) => {
    const path = (request.url ?? "/").split("?")[0] ?? "/";
    state.requests.push(request.url ?? "/");
    const html = (body: string, headers: Record<string, string> = {}) => {
      response.writeHead(200, { "content-type": "text/html; charset=utf-8", ...headers });
      response.end(body);
    };
    const text = (status: number, body: string, type = "text/plain") => {
      response.writeHead(status, { "content-type": type });
      response.end(body);
    };
    switch (path) {
      case "/robots.txt":
        return text(
          200,
          `User-agent: *\nDisallow: /docs/private/\n\nSitemap: ${url}/sitemap-index.xml\n`,
        );
      case "/sitemap-index.xml":
        return text(
          200,
          `<?xml version="1.0"?><sitemapindex><sitemap><loc>${url}/sitemaps/a.xml</loc></sitemap><sitemap><loc>${url}/sitemaps/b.xml</loc></sitemap></sitemapindex>`,
          "application/xml",
        );
      case "/sitemaps/a.xml":
        return text(
          200,
          `<urlset><url><loc>${url}/docs/guides/install</loc></url><url><loc>${url}/docs/guides/configure?ref=nav&amp;x=1</loc></url><url><loc>${url}/docs/private/secret</loc></url><url><loc>${url}/docs/guides/flaky</loc></url></urlset>`,
          "application/xml",
        );
      case "/sitemaps/b.xml":
        return text(
          200,
          `<urlset>${["api/errors", "api/broken", "slow", "huge", "app", "moved", "away"].map((page) => `<url><loc>${url}/docs/${page}</loc></url>`).join("")}</urlset>`,
          "application/xml",
        );
      case "/docs/llms.txt":
        return text(200, "# Example docs\n\n- [Quickstart](/docs/quickstart.md): start here\n");
      case "/docs/quickstart.md":
        return text(
          200,
          "# Quickstart\n\nInstall the zebrafish agent, then run it.\n\n## First run\n\nThe first run prints a token.\n",
          "text/markdown",
        );
      case "/docs/":
        return html(
          chrome("<h1>Example docs</h1><p>Welcome to the handbook of the example product.</p>"),
        );
      case "/docs/guides/install": {
        if (request.headers["if-none-match"] === '"install-v1"') {
          response.writeHead(304, { etag: '"install-v1"' });
          return response.end();
        }
        return html(
          chrome(`<article><h1>Install</h1><p>Install the agent on every host.</p>
<h2 id="steps">Steps <a href="#steps">#</a></h2><p>Run the installer:</p>
<pre><code>curl -fsSL https://example.com/install.sh | sh
agent --version</code></pre>
<div class="theme-doc-footer"><a href="/edit">Edit this page</a></div></article>`),
          { etag: '"install-v1"' },
        );
      }
      case "/docs/guides/configure":
        if (state.round > 1) return text(410, "gone");
        return html(
          chrome(
            "<h1>Configure (HTML)</h1><p>html chinchilla</p>",
            '<link rel="alternate" type="text/markdown" href="/docs/guides/configure.md">',
          ),
        );
      case "/docs/guides/configure.md":
        return text(200, "# Configure\n\nSet the quokka option in agent.toml.\n", "text/markdown");
      case "/docs/guides/flaky":
        if (state.round > 1) return text(500, "oops");
        return html(chrome("<h1>Flaky</h1><p>The narwhal setting lives here.</p>"));
      case "/docs/guides/renamed":
        return html(chrome("<h1>Renamed</h1><p>The page moved to this place.</p>"));
      case "/docs/moved":
        response.writeHead(301, { location: "/docs/guides/renamed" });
        return response.end();
      case "/docs/away":
        response.writeHead(302, { location: `${other}/steal` });
        return response.end();
      case "/docs/api/errors":
        return text(404, "not found");
      case "/docs/api/broken":
        return text(500, "internal error");
      case "/docs/slow":
        response.writeHead(200, { "content-type": "text/html" });
        response.write("<html><body><main><p>never ends");
        return; // stalls
      case "/docs/huge":
        response.writeHead(200, { "content-type": "text/html" });
        return response.end(`<html><body><main>${huge}</main></body></html>`);
      case "/docs/app":
        return html(
          `<html><head><script src="/bundle.js"></script></head><body><div id="root"></div><script>window.boot()</script></body></html>`,
        );
    }
    const calendar = /^\/docs\/calendar\/(\d+)$/.exec(path);
    if (calendar !== null) {
      const month = Number(calendar[1]);
      return html(
        chrome(
          `<h1>Events ${month}</h1><p>No events.</p><a href="/docs/calendar/${month + 1}">Next</a>`,
        ),
      );
    }
    return text(404, "not found");
  };
  const server: Server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    other,
    state,
    close: async () => {
      server.closeAllConnections();
      outside.closeAllConnections();
      await Promise.all([
        new Promise((resolve) => server.close(resolve)),
        new Promise((resolve) => outside.close(resolve)),
      ]);
    },
  };
}

let site: Site;
let work: string;

beforeEach(async () => {
  site = await startSite();
  work = mkdtempSync(join(tmpdir(), "search-docs-site-"));
});

afterEach(async () => {
  await site.close();
  rmSync(work, { recursive: true, force: true });
});

const crawlOptions = () => ({
  url: `${site.url}/docs/`,
  indexPath: join(work, "site.sqlite"),
  maxPages: 30,
  pageTimeoutMs: 6_000,
});

describe("indexSite", () => {
  it("crawls from llms.txt, nested sitemaps and links, within scope, robots and caps", async () => {
    const summary = await indexSite(crawlOptions());
    expect(summary.failed).toBeUndefined();
    expect(summary.skipped).toMatchObject({
      robots: 1,
      http_error: 1,
      server_error: 1,
      timeout: 1,
      too_large: 1,
      script_rendered: 1,
      redirect_out_of_scope: 1,
    });
    expect(summary.skipped.page_cap).toBeGreaterThan(0);
    // Never asked: the disallowed page, the other origin.
    expect(site.state.requests).not.toContain("/docs/private/secret");
    const docs = createDocsSearch({
      backend: siteBackend({ ...crawlOptions(), autoIndex: false }),
      areas: { docs: [siteCollection] },
    });
    const search = async (query: string) =>
      (await docs.search({ query }, { caller: localCaller })).output;
    const installed = await docs.search({ query: "run the installer" }, { caller: localCaller });
    const install = installed.output;
    expect(install.results[0]?.ref).toBe("docs/guides/install#2");
    // The app's link is the page itself, at the heading's own anchor; no portalUrl needed.
    expect(installed.urls["docs/guides/install#2"]).toBe(`${site.url}/docs/guides/install#steps`);
    // An answer from a partial crawl says, once, what the crawl skipped and why.
    const skippedNotes = installed.trace.notes.filter((note) => note.includes("skipped"));
    expect(skippedNotes).toHaveLength(1);
    expect(skippedNotes[0]).toMatch(
      /^collection \. \(docs\): the last crawl skipped \d+ pages \(.*robots 1.*timeout 1.*\)/,
    );
    const page = await docs.getDocument(
      { ref: install.results[0]?.ref ?? "" },
      { caller: localCaller },
    );
    expect(page.urls).toEqual({
      "docs/guides/install#2": `${site.url}/docs/guides/install#steps`,
    });
    // Code kept whole, line by line; chrome left out.
    expect(page.output.content).toContain(
      "curl -fsSL https://example.com/install.sh | sh\nagent --version",
    );
    const all = JSON.stringify(
      (await docs.getDocument({ ref: "docs/guides/install#2" }, { caller: localCaller })).output,
    );
    expect(all).not.toMatch(/cookies|Edit this page|Copyright|Configure/);
    // The Markdown alternate, not the HTML; llms.txt's Markdown page; a redirect within scope.
    expect((await search("quokka option")).results[0]?.ref).toBe("docs/guides/configure#1");
    expect((await search("chinchilla")).status).toBe("no_matches");
    expect((await search("zebrafish agent")).results[0]?.ref).toBe("docs/quickstart#1");
    expect((await search("moved to this place")).results[0]?.ref).toBe("docs/guides/renamed#1");
    expect(siteAreaName(`${site.url}/docs/`)).toBe("docs");
  }, 60_000);

  it("refreshes: 304 reuses, 410 drops, a 500 keeps the stored page and says so", async () => {
    await indexSite(crawlOptions());
    site.state.round = 2;
    const summary = await indexSite(crawlOptions());
    expect(summary.notModified).toBeGreaterThanOrEqual(1);
    expect(summary.removed).toBe(1);
    expect(summary.kept).toBe(1);
    const docs = createDocsSearch({
      backend: siteBackend({ ...crawlOptions(), autoIndex: false }),
      areas: { docs: [siteCollection] },
    });
    const search = async (query: string) =>
      (await docs.search({ query }, { caller: localCaller })).output;
    expect((await search("run the installer")).results[0]?.ref).toBe("docs/guides/install#2");
    expect((await search("narwhal setting")).results[0]?.ref).toBe("docs/guides/flaky#1");
    expect((await search("quokka option")).status).toBe("no_matches");
  }, 60_000);

  it("a crawl that read nothing: unavailable with the cause, never no_matches", async () => {
    const options = { ...crawlOptions(), url: `${site.url}/docs/api/broken` };
    const summary = await indexSite(options);
    expect(summary.failed).toMatch(/no page could be read/);
    const docs = createDocsSearch({
      backend: siteBackend({ ...options, autoIndex: false }),
      areas: { api: [siteCollection] },
    });
    const { output, trace } = await docs.search({ query: "anything" }, { caller: localCaller });
    expect(output.status).toBe("unavailable");
    expect(JSON.stringify(trace)).toMatch(/crawl/);
  }, 60_000);
});
