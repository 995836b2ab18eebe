import { type ChildProcess, spawn } from "node:child_process";
import { cpSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { type FakeDocsService, startFakeDocsService } from "@search-docs/core/testing";
import { freePort } from "@search-docs/test-servers";
import { afterAll, beforeAll, expect, test } from "vitest";
import { compatRoot } from "./find-executable.ts";

// src/edge-app: a Next.js app whose one route runs on the edge runtime (`runtime = "edge"`), built
// with `next build` in a copy under compat/.edge-app (gitignored: Next writes beside its sources)
// and served by `next start`, as a user of the edge runtime deploys it.
const appRoot = join(compatRoot, ".edge-app");
const nextCli = fileURLToPath(import.meta.resolve("next/dist/bin/next"));
let service: FakeDocsService;
let app: { url: string; child: ChildProcess; output: () => string };

beforeAll(async () => {
  rmSync(appRoot, { recursive: true, force: true });
  cpSync(join(compatRoot, "src", "edge-app"), appRoot, { recursive: true });
  await run([nextCli, "build"], {});
  service = await startFakeDocsService();
  app = await start({
    SEARCH_DOCS_BASE_URL: service.url,
    SEARCH_DOCS_AREAS: JSON.stringify(service.areas),
    SEARCH_DOCS_PORTAL_URL: "https://docs.example.internal",
  });
}, 240_000);

afterAll(async () => {
  if (app?.child.exitCode === null) {
    await new Promise((resolve) => {
      app.child.once("exit", resolve);
      app.child.kill("SIGTERM");
    });
  }
  await service?.close();
});

function run(args: string[], environment: Record<string, string>) {
  return new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, args, {
      cwd: appRoot,
      env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1", ...environment },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => {
      output += chunk;
    });
    child.stderr.on("data", (chunk: Buffer) => {
      output += chunk;
    });
    child.on("error", reject);
    child.on("exit", (code) =>
      code === 0 ? resolve() : reject(new Error(`next ${args[1]} exited with ${code}:\n${output}`)),
    );
  });
}

async function start(environment: Record<string, string>) {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [nextCli, "start", "--hostname", "127.0.0.1", "--port", String(port)],
    {
      cwd: appRoot,
      env: { ...process.env, NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1", ...environment },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => {
    output += chunk;
  });
  child.stderr.on("data", (chunk: Buffer) => {
    output += chunk;
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`next start exited:\n${output}`);
    try {
      const response = await fetch(url, { method: "HEAD", signal: AbortSignal.timeout(2_000) });
      await response.body?.cancel();
      return { url, child, output: () => output };
    } catch {
      if (Date.now() > deadline) throw new Error(`next start did not answer at ${url}:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

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
