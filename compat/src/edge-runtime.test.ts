import { type ChildProcess, spawn } from "node:child_process";
import { cpSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { type FakeDocsService, startFakeDocsService } from "@search-docs/core/testing";
import { freePort } from "@search-docs/test-servers";
import { afterAll, beforeAll, expect, test } from "vitest";
import { type EngineServer, startEngineServer } from "./every-engine/engine-servers.ts";
import { compatRoot } from "./find-executable.ts";

// src/edge-app: a Next.js app whose one route runs on the edge runtime (`runtime = "edge"`), built
// with `next build` in a copy under compat/.edge-app (gitignored: Next writes beside its sources)
// and served by `next start`, as a user of the edge runtime deploys it.
const appRoot = join(compatRoot, ".edge-app");
const nextCli = fileURLToPath(import.meta.resolve("next/dist/bin/next"));
type App = { url: string; child: ChildProcess; output: () => string };
let service: FakeDocsService;
let cluster: EngineServer;
/** One build, served three times: each `next start` with one engine's variables and nothing else. */
let app: App;
let clusterApp: App;
let postgresApp: App;
const postgresUrl = "postgres://reader:pg-password-never-shown@127.0.0.1:5432/docs";

beforeAll(async () => {
  rmSync(appRoot, { recursive: true, force: true });
  cpSync(join(compatRoot, "src", "edge-app"), appRoot, { recursive: true });
  const [, started, elasticsearch] = await Promise.all([
    run([nextCli, "build"], {}),
    startFakeDocsService(),
    startEngineServer("elasticsearch"),
  ]);
  service = started;
  cluster = elasticsearch;
  [app, clusterApp, postgresApp] = await Promise.all([
    // The registry's variables; the process-wide token is there to prove it is never sent.
    start({
      SEARCH_DOCS_BACKEND: "v2",
      SEARCH_DOCS_V2_URL: service.url,
      SEARCH_DOCS_TOKEN: service.tokens.everything,
      SEARCH_DOCS_AREAS: JSON.stringify(service.areas),
      SEARCH_DOCS_PORTAL_URL: "https://docs.example.internal",
    }),
    // Security on, with the one-user API key in the environment beside the cluster's URL.
    start(cluster.env),
    start({
      SEARCH_DOCS_BACKEND: "postgres",
      SEARCH_DOCS_POSTGRES_URL: postgresUrl,
      SEARCH_DOCS_AREAS: '{"runbooks":["runbooks"]}',
    }),
  ]);
}, 300_000);

afterAll(async () => {
  await Promise.all(
    [app, clusterApp, postgresApp].map(async (started) => {
      if (started?.child.exitCode !== null) return;
      await new Promise((resolve) => {
        started.child.once("exit", resolve);
        started.child.kill("SIGTERM");
      });
    }),
  );
  await service?.close();
  await cluster?.close();
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

/** The test's own environment less any SEARCH_DOCS_* a developer's shell holds. */
function withoutSearchDocs(environment: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return Object.fromEntries(
    Object.entries(environment).filter(([name]) => !name.startsWith("SEARCH_DOCS_")),
  );
}

async function start(environment: Record<string, string>): Promise<App> {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [nextCli, "start", "--hostname", "127.0.0.1", "--port", String(port)],
    {
      cwd: appRoot,
      env: {
        ...withoutSearchDocs(process.env),
        NODE_ENV: "production",
        NEXT_TELEMETRY_DISABLED: "1",
        ...environment,
      },
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
  // Core's own code is in the edge bundle (the wire's field names), and no Node built-in is
  // (`pg` would bring net and tls, the folder node:sqlite and node:fs).
  expect(code).toContain("collection_version");
  expect(code).not.toMatch(
    /["']node:(child_process|crypto|fs|http|https|net|os|path|sqlite|tls)["']/,
  );
  // So is the registry's reader (its refusal of a Node-only engine), with every fetch engine.
  expect(code).toContain("which an edge runtime cannot reach");
  for (const variable of ["SEARCH_DOCS_V2_URL", "SEARCH_DOCS_ALGOLIA_APP_ID"]) {
    expect(code).toContain(variable);
  }
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

test("the route says which engine it reads, and reads Elasticsearch as each request's user", async () => {
  const search = (token: string) =>
    fetch(`${clusterApp.url}/api/edge-search?query=${encodeURIComponent(cluster.matching)}`, {
      headers: { authorization: `Bearer ${token}` },
    }).then(
      async (response) =>
        [response.status, await response.json()] as [
          number,
          { output: { status: string; results: unknown[] } },
        ],
    );
  const [status, found] = await search(cluster.callers?.good ?? "");
  expect(status).toBe(200);
  expect(found.output.status).toBe("ok");
  expect(found.output.results.length).toBeGreaterThan(0);
  // The API key in the environment reads every index too: a caller the cluster refuses gets
  // nothing, so the route sent the request's credential, not the process-wide one.
  const [, refused] = await search(cluster.callers?.bad ?? "");
  expect(refused.output.status).not.toBe("ok");
  expect(refused.output.results).toEqual([]);
  const url = cluster.env.SEARCH_DOCS_ELASTICSEARCH_URL;
  expect(clusterApp.output()).toMatch(
    new RegExp(`\\[search-docs\\] searching elasticsearch at ${url} \\(areas: [a-z, -]+\\)`),
  );
  for (const secret of cluster.secrets) expect(clusterApp.output()).not.toContain(secret);
  expect(app.output()).toContain(`[search-docs] searching v2 at ${service.url} (areas: `);
});

test("PostgreSQL configured for the edge route is the registry's one line naming the Node route, every time", async () => {
  for (let attempt = 0; attempt < 2; attempt += 1) {
    const response = await fetch(`${postgresApp.url}/api/edge-search?query=vpn`, {
      headers: { authorization: "Bearer some-user" },
    });
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({
      error:
        "SEARCH_DOCS_BACKEND names PostgreSQL (postgres), which an edge runtime cannot reach: serve it from a Node route (the edge runtime reads v2, elasticsearch, opensearch, algolia, meilisearch, typesense)",
    });
  }
  expect(postgresApp.output()).not.toContain("pg-password-never-shown");
});
