import { type FakeDocsService, startFakeDocsService } from "@search-docs/core/testing";
import { build } from "esbuild";
import { Miniflare } from "miniflare";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { SearchAndReadResult } from "./runtimes/search-and-read.ts";

let service: FakeDocsService;
let worker: Miniflare;

beforeAll(async () => {
  service = await startFakeDocsService();
  // Bundled as a Workers build would bundle it (wrangler uses esbuild with these conditions).
  const bundle = await build({
    entryPoints: [new URL("./runtimes/worker.ts", import.meta.url).pathname],
    bundle: true,
    platform: "neutral",
    format: "esm",
    mainFields: ["module", "main"],
    conditions: ["workerd", "worker", "browser"],
    write: false,
    logLevel: "silent",
  });
  // workerd itself (Cloudflare's runtime, from npm), without the nodejs_compat flag.
  worker = new Miniflare({
    modules: true,
    script: bundle.outputFiles[0]?.text ?? "",
    compatibilityDate: "2026-07-30",
    compatibilityFlags: [],
  });
});

afterAll(async () => {
  await worker?.dispose();
  await service?.close();
});

it("a search and a get_document run inside workerd, against the fake service on 127.0.0.1", async () => {
  const response = await worker.dispatchFetch("http://worker.example/", {
    method: "POST",
    body: JSON.stringify({
      baseUrl: service.url,
      areas: service.areas,
      token: service.tokens.everything,
    }),
  });
  expect(response.status).toBe(200);
  const result = (await response.json()) as SearchAndReadResult;
  expect(result.search.status).toBe("ok");
  expect(result.search.results[0]?.ref).toMatch(/^runbooks\/key-rotation#/);
  expect(result.document).toMatchObject({ status: "ok", ref: result.search.results[0]?.ref });
  expect(result.document?.content).toContain("nwctl sa keys create");
  expect(result.traceIds).toHaveLength(2);
  // The requests reached the service from inside the worker, with the caller's token.
  expect(service.requests.map((request) => request.token)).toContain(service.tokens.everything);
  expect(service.requests.some((request) => request.kind === "document")).toBe(true);
});
