import { loadSections, postgresSchemaSql } from "@search-docs/core/postgres";
import { startFakeDocsService } from "@search-docs/core/testing";
import { findPostgresBinaries, startPostgresServer } from "@search-docs/test-servers";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { runLangChainAgent } from "./langchain-agent.ts";

async function transcript(options: Parameters<typeof runLangChainAgent>[0]) {
  const lines: string[] = [];
  const errors: string[] = [];
  await runLangChainAgent({
    ...options,
    print: (line) => lines.push(line),
    printError: (line) => errors.push(line),
  });
  return Object.assign(lines, { errors });
}

describe("the LangChain agent example", () => {
  it("without keys: a scripted model on the fake service, and says so first", async () => {
    const lines = await transcript({ env: {} });
    expect(lines[0]).toMatch(/^scripted model .*; embedded fake docs service/);
    expect(lines).toContain(
      'model → search_docs({"query":"How do I rotate a service account key?"})',
    );
    expect(lines).toContainEqual(
      expect.stringMatching(/^search_docs → app: traceId \S+, status ok$/),
    );
    expect(lines.at(-2)).toMatch(/^model: .*\(see runbooks\/key-rotation#\d\)$/);
    expect(lines.at(-1)).toMatch(
      /^sources: https:\/\/docs\.example\.com\/runbooks\/key-rotation#\d/,
    );
  });

  it("answers the question it is given", async () => {
    const lines = await transcript({ env: {}, question: "How do I set up VPN access?" });
    expect(lines).toContain('model → search_docs({"query":"How do I set up VPN access?"})');
    // The scripted model cites the first result search_docs gave it for that question.
    const seen = lines.find((line) => line.startsWith("search_docs → model: ")) ?? "";
    const first = /"ref":"([^"]+)"/.exec(seen)?.[1];
    expect(first).toBeDefined();
    expect(lines.at(-2)?.endsWith(`(see ${first})`)).toBe(true);
    expect(lines.at(-2)).toMatch(/VPN/);
  });

  it("a token the backend refuses: the model hears unavailable, the app is told", async () => {
    const service = await startFakeDocsService();
    try {
      const lines = await transcript({
        env: {
          SEARCH_DOCS_BASE_URL: service.url,
          SEARCH_DOCS_TOKEN: "expired-token",
          SEARCH_DOCS_AREAS: JSON.stringify(service.areas),
        },
      });
      expect(lines).toContainEqual(
        expect.stringMatching(/^search_docs → model: .*"status":"unavailable"/),
      );
      expect(lines).toContain("app: the docs backend refused this user's token");
      expect(lines.at(-1)).toBe("model: Search is down right now; please try again in a minute.");
    } finally {
      await service.close();
    }
  });

  it("a backend URL without its token and areas is a clear error, before any request", async () => {
    await expect(
      transcript({ env: { SEARCH_DOCS_BASE_URL: "http://127.0.0.1:9" } }),
    ).rejects.toThrow(/SEARCH_DOCS_TOKEN is not set/);
  });

  // Skips, saying so, without Debian's postgresql (CI installs it).
  it.skipIf(findPostgresBinaries() === undefined)(
    "with SEARCH_DOCS_POSTGRES_URL: the agent searches a PostgreSQL table",
    async () => {
      const server = await startPostgresServer();
      const admin = new pg.Pool({ connectionString: server.url, max: 1 });
      admin.on("error", () => {});
      try {
        await admin.query(postgresSchemaSql());
        await loadSections(admin, [
          {
            collectionId: "runbooks",
            documentId: "key-rotation",
            section: 1,
            title: "Rotate a service account key",
            heading: "Steps",
            body: "Create a new key for the service account, deploy it, then delete the old key.",
          },
        ]);
        const lines = await transcript({
          env: {
            SEARCH_DOCS_POSTGRES_URL: server.url,
            SEARCH_DOCS_AREAS: '{"runbooks":["runbooks"]}',
          },
        });
        // The start line on stderr: engine, where (no password), areas.
        expect(lines.errors).toEqual([
          `langchain-agent: searching postgres at postgres://${server.host}:${server.port}/${server.database}#search_docs_sections (areas: runbooks)`,
        ]);
        expect(lines[0]).toMatch(/; postgres at postgres:\/\/.*#search_docs_sections/);
        expect(lines.join("\n") + lines.errors.join("\n")).not.toContain(server.password);
        expect(lines).toContainEqual(
          expect.stringMatching(/^search_docs → app: traceId \S+, status ok$/),
        );
        expect(lines.at(-1)).toMatch(/\(see runbooks\/rotate-a-service-account-key#1\)$/);
      } finally {
        await admin.end();
        await server.destroy();
      }
    },
    60_000,
  );
});

describe("the example run from the command line", () => {
  it("a wrong OPENAI_API_KEY and no network: one line on stderr, exit 1, no stack trace", async () => {
    const { execFile } = await import("node:child_process");
    const { code, stdout, stderr } = await new Promise<{
      code: number | null;
      stdout: string;
      stderr: string;
    }>((resolve) => {
      execFile(
        process.execPath,
        [new URL("./langchain-agent.ts", import.meta.url).pathname],
        {
          // A host that does not resolve stands in for a machine without network.
          env: {
            PATH: process.env.PATH ?? "",
            OPENAI_API_KEY: "sk-wrong",
            OPENAI_BASE_URL: "https://api.openai.nonexistent.invalid/v1",
          },
          timeout: 60_000,
        },
        (error, stdout, stderr) =>
          resolve({ code: error ? (error.code as number) : 0, stdout, stderr }),
      );
    });
    expect(code).toBe(1);
    expect(stdout).toMatch(/^OpenAI /);
    expect(stderr.trimEnd().split("\n")).toHaveLength(1);
    expect(stderr).toMatch(/^langchain-agent: Connection error: .*ENOTFOUND/);
    expect(stderr).not.toContain("sk-wrong");
  }, 60_000);
});
