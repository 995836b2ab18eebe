import { existsSync } from "node:fs";
import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import { type FakeDocsService, startFakeDocsService } from "@search-docs/core/testing";
import { chromium } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import type { ChatMessage } from "../lib/chat-message";
import { artifactsDir } from "./app-paths";
import {
  documentOutputs,
  messageText,
  readAssistantMessage,
  searchOutputs,
} from "./read-chat-stream";
import { type NextServer, startNextServer } from "./start-next-server";

const portalUrl = "https://docs.example.internal";
const chromiumPath = "/usr/bin/chromium";

let service: FakeDocsService;
let app: NextServer;

beforeAll(async () => {
  service = await startFakeDocsService();
  app = await startNextServer({
    SEARCH_DOCS_BASE_URL: service.url,
    SEARCH_DOCS_AREAS: JSON.stringify(service.areas),
    SEARCH_DOCS_PORTAL_URL: portalUrl,
  });
});

afterAll(async () => {
  await app?.close();
  await service?.close();
});

afterEach(() => {
  for (const ids of Object.values(service.areas))
    for (const id of ids) service.setFault(id, undefined);
  service.setLatency(undefined);
});

/** One user turn, posted the way useChat posts it. */
function ask(question: string, credentials: { token?: string; cookie?: string }) {
  const message: ChatMessage = {
    id: crypto.randomUUID(),
    role: "user",
    parts: [{ type: "text", text: question }],
  };
  return fetch(`${app.url}/api/chat`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      ...(credentials.token ? { authorization: `Bearer ${credentials.token}` } : {}),
      ...(credentials.cookie ? { cookie: credentials.cookie } : {}),
    },
    body: JSON.stringify({ id: "chat-test", messages: [message], trigger: "submit-message" }),
  });
}

describe("POST /api/chat", () => {
  test("streams a search_docs result with status ok, the page it opened, and an answer from it", async () => {
    const response = await ask("How do I rotate a service account key?", {
      token: service.tokens.everything,
    });
    const message = await readAssistantMessage(response);

    const [search] = searchOutputs(message);
    expect(search?.result.status).toBe("ok");
    const best = search?.result.results[0];
    expect(best?.ref).toMatch(/^runbooks\/key-rotation/);
    expect(search?.urls[best?.ref ?? ""]).toBe(`${portalUrl}/${best?.ref}`);
    expect(search?.traceId).toEqual(expect.any(String));

    const [document] = documentOutputs(message);
    expect(document?.result).toMatchObject({ status: "ok", ref: best?.ref });
    expect(document?.result.content).toContain("nwctl sa keys create");
    expect(messageText(message)).toContain(`According to “${document?.result.title}”`);
  });

  test("a reindexing collection reads as unavailable, never as nothing found", async () => {
    for (const id of service.areas.runbooks ?? []) service.setFault(id, { kind: "reindex" });
    const response = await ask("How do I rotate a service account key?", {
      token: service.tokens.everything,
    });
    const message = await readAssistantMessage(response);

    const [search] = searchOutputs(message);
    expect(search?.result.status).toBe("unavailable");
    expect(search?.result.results.every((result) => result.area !== "runbooks")).toBe(true);
    expect(documentOutputs(message)).toEqual([]);
    expect(messageText(message)).toContain("Documentation search is temporarily unavailable");
  });

  test("a question nothing matches reads as no_matches, and the answer says so", async () => {
    const response = await ask("zyxqv wombat quux", { token: service.tokens.everything });
    const message = await readAssistantMessage(response);

    expect(searchOutputs(message).map((output) => output.result)).toEqual([
      { results: [], more_matches_exist: false, status: "no_matches" },
    ]);
    expect(messageText(message)).toContain("Nothing in the docs you can read matches");
  });

  test("two users at once: each search runs with that request's own credentials", async () => {
    // Slow answers, so the two requests overlap upstream.
    service.setLatency({ medianMs: 40, p95Ms: 80 });
    service.clearRequests();
    const question = "rotate keys and secrets";
    const [everything, runbooksOnly] = await Promise.all([
      ask(question, { token: service.tokens.everything }).then(readAssistantMessage),
      ask(question, { cookie: `search_docs_session=${service.tokens.runbooksOnly}` }).then(
        readAssistantMessage,
      ),
    ]);

    const areasOf = (message: ChatMessage) =>
      new Set(searchOutputs(message).flatMap((output) => output.result.results.map((r) => r.area)));
    expect([...areasOf(runbooksOnly)]).toEqual(["runbooks"]);
    expect(areasOf(everything).size).toBeGreaterThan(1);

    const tokens = new Set(service.requests.map((request) => request.token));
    expect(tokens).toEqual(new Set([service.tokens.everything, service.tokens.runbooksOnly]));
    const spans = [service.tokens.everything, service.tokens.runbooksOnly].map((token) => {
      const times = service.requests.filter((request) => request.token === token);
      return {
        from: Math.min(...times.map((request) => request.at)),
        to: Math.max(...times.map((request) => request.at + request.durationMs)),
      };
    });
    const [first, second] = spans as [{ from: number; to: number }, { from: number; to: number }];
    expect(first.from < second.to && second.from < first.to).toBe(true);
  });

  test("refuses a request without credentials before any docs request", async () => {
    service.clearRequests();
    const response = await ask("How do I rotate a service account key?", {});
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: expect.stringContaining("Authorization") });
    expect(service.requests).toEqual([]);
  });
});

describe("the page, in headless Chromium", () => {
  // Longer than the default: a browser, two questions, one of them waiting out a reindex.
  test("signs in, asks, and shows the answer with the refs as portal links", {
    timeout: 60_000,
  }, async (context) => {
    if (!existsSync(chromiumPath)) {
      const note = `${chromiumPath} is absent: install Debian's chromium package to run this test`;
      console.warn(`[nextjs-chat] browser test skipped: ${note}`);
      context.skip(note);
    }
    const browser = await chromium.launch({
      executablePath: chromiumPath,
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
      ],
    });
    try {
      const page = await browser.newPage({ viewport: { width: 1000, height: 900 } });
      page.setDefaultTimeout(20_000);
      await page.goto(app.url);
      await page.getByLabel("Docs token").fill(service.tokens.everything);
      await page.getByRole("button", { name: "Sign in" }).click();

      await page.getByLabel("Your question").fill("How do I rotate a service account key?");
      await page.getByRole("button", { name: "Ask" }).click();

      const link = page.locator('[data-tool="search_docs"] a.ref').first();
      await link.waitFor();
      expect(await link.getAttribute("href")).toMatch(
        new RegExp(`^${portalUrl}/runbooks/key-rotation`),
      );
      await page.locator(".message.assistant .text", { hasText: "According to" }).waitFor();
      await page.locator('.chat[data-status="ready"]').waitFor();
      await expect
        .poll(() => page.locator('[data-tool="get_document"] .content').textContent())
        .toContain("nwctl sa keys create");

      await mkdir(artifactsDir, { recursive: true });
      const screenshot = join(artifactsDir, "chat.png");
      await page.screenshot({ path: screenshot, fullPage: true });
      await context.annotate("screenshot of the answered chat", { path: screenshot });

      // The same question while the runbooks are reindexing: said plainly, not "nothing found".
      for (const id of service.areas.runbooks ?? []) service.setFault(id, { kind: "reindex" });
      await page.getByLabel("Your question").fill("How do I rotate a service account key?");
      await page.getByRole("button", { name: "Ask" }).click();
      const unavailable = page.locator('[data-tool="search_docs"][data-status="unavailable"]');
      await unavailable.waitFor();
      expect(await unavailable.locator(".tool-status").textContent()).toContain(
        "Documentation search is temporarily unavailable",
      );
      await page.locator('.chat[data-status="ready"]').waitFor();
      await page.screenshot({ path: join(artifactsDir, "chat-unavailable.png"), fullPage: true });
    } finally {
      await browser.close();
    }
  });
});
