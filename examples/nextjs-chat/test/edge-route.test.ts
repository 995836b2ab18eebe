import { readFileSync } from "node:fs";
import { join } from "node:path";
import { type FakeDocsService, startFakeDocsService } from "@search-docs/core/testing";
import { afterAll, beforeAll, expect, test } from "vitest";
import { appRoot } from "./app-paths";
import { type NextServer, startNextServer } from "./start-next-server";

// app/api/edge-search/route.ts, built by `next build` (the global setup) for the edge runtime.
let service: FakeDocsService;
let app: NextServer;

beforeAll(async () => {
  service = await startFakeDocsService();
  app = await startNextServer({
    SEARCH_DOCS_BASE_URL: service.url,
    SEARCH_DOCS_AREAS: JSON.stringify(service.areas),
    SEARCH_DOCS_PORTAL_URL: "https://docs.example.internal",
  });
});

afterAll(async () => {
  await app?.close();
  await service?.close();
});

test("next build made the route an edge function, with core bundled into it", () => {
  const manifest = JSON.parse(
    readFileSync(join(appRoot, ".next/server/middleware-manifest.json"), "utf8"),
  ) as { functions: Record<string, { files: string[] }> };
  const route = manifest.functions["/api/edge-search/route"];
  expect(route, "no edge function for /api/edge-search").toBeDefined();
  const code = (route?.files ?? [])
    .filter((file) => file.endsWith(".js"))
    .map((file) => readFileSync(join(appRoot, ".next", file), "utf8"))
    .join("\n");
  // Core's own code is in the edge bundle (the wire's field names), and no Node built-in is.
  expect(code).toContain("collection_version");
  expect(code).not.toMatch(/["']node:(crypto|fs|http|os|path)["']/);
});

test("GET searches and reads through the edge runtime as the caller the request names", async () => {
  const headers = { authorization: `Bearer ${service.tokens.runbooksOnly}` };
  const search = await fetch(`${app.url}/api/edge-search?query=rotate+a+service+account+key`, {
    headers,
  });
  expect(search.status).toBe(200);
  const found = (await search.json()) as {
    output: { status: string; results: Array<{ ref: string; area: string }> };
    urls: Record<string, string>;
  };
  expect(found.output.status).toBe("ok");
  expect(found.output.results.every((result) => result.area === "runbooks")).toBe(true);
  const ref = found.output.results[0]?.ref ?? "";
  expect(found.urls[ref]).toBe(`https://docs.example.internal/${ref}`);
  expect(service.requests.every((request) => request.token === service.tokens.runbooksOnly)).toBe(
    true,
  );

  const read = await fetch(`${app.url}/api/edge-search?ref=${encodeURIComponent(ref)}`, {
    headers,
  });
  expect(await read.json()).toMatchObject({ output: { status: "ok", ref } });
});

test("without credentials 401; bad input is core's one-line error, 400", async () => {
  expect((await fetch(`${app.url}/api/edge-search?query=vpn`)).status).toBe(401);
  const response = await fetch(`${app.url}/api/edge-search?query=+`, {
    headers: { authorization: `Bearer ${service.tokens.everything}` },
  });
  expect(response.status).toBe(400);
  expect(await response.json()).toEqual({
    error: 'Invalid search_docs input: "query" must not be empty.',
  });
});
