import { AIMessage, HumanMessage, ToolMessage } from "@langchain/core/messages";
import { fakeModel } from "@langchain/core/testing";
import { docsTools } from "@search-docs/ai-sdk";
import { createDocsSearch, type DocsSearch } from "@search-docs/core";
import { loadSections, postgresBackend, postgresSchemaSql } from "@search-docs/core/postgres";
import { createDocsTools, docsContextSchema } from "@search-docs/langchain";
import {
  findPostgresBinaries,
  type PostgresServer,
  startPostgresServer,
} from "@search-docs/test-servers";
import { generateText, isStepCount } from "ai";
import { MockLanguageModelV4 } from "ai/test";
import { createAgent } from "langchain";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectInMemory } from "../__fixtures__/connect-in-memory.js";
import { createDocsMcpServer } from "../create-docs-mcp-server.js";

// createDocsSearch({ backend: postgresBackend({ pool }), areas }) end to end against a real
// PostgreSQL, from LangChain, the AI SDK and MCP, with three users scoped by row-level security:
// alice reads key-rotation, bob reads key-rotation and disk-full, carol reads neither.

const required =
  process.env.SEARCH_DOCS_REQUIRE_POSTGRES === "1" ||
  !["", "0", "false"].includes(process.env.CI ?? "");
const haveServer = findPostgresBinaries() !== undefined;
if (!haveServer && !required) {
  console.warn(
    "[mcp] skipped the PostgreSQL end-to-end tests: install Debian's postgresql package",
  );
}

const expectedTitles: Record<string, string[]> = {
  alice: ["Key rotation"],
  bob: ["Disk full", "Key rotation"],
  carol: [],
};
const question = "rotate keys and logs";

describe.skipIf(!haveServer && !required)(
  "a PostgreSQL backend scoped by row-level security",
  () => {
    let server: PostgresServer;
    let admin: pg.Pool;
    let pool: pg.Pool;
    let docs: DocsSearch;

    beforeAll(async () => {
      server = await startPostgresServer();
      admin = new pg.Pool({ connectionString: server.url, max: 2 });
      // Its idle clients see the server stop at the end: a pool with no listener would crash the run.
      admin.on("error", () => {});
      await admin.query("create role search_app login password 'app'");
      await admin.query(postgresSchemaSql());
      await admin.query(
        "alter table search_docs_sections add column readers text[] not null default '{}'",
      );
      await loadSections(admin, [
        {
          collectionId: "runbooks",
          documentId: "key-rotation",
          section: 1,
          title: "Key rotation",
          heading: "Rotate",
          body: "Rotate the signing keys every month.",
          updatedAt: "2026-05-04",
        },
        {
          collectionId: "runbooks",
          documentId: "disk-full",
          section: 1,
          title: "Disk full",
          heading: "Free space",
          body: "Rotate the logs daily and delete old ones.",
          updatedAt: "2026-01-10",
        },
      ]);
      await admin.query(
        "update search_docs_sections set readers = case document_id when 'key-rotation' then '{alice,bob}'::text[] else '{bob}'::text[] end",
      );
      await admin.query("alter table search_docs_sections enable row level security");
      await admin.query(
        `create policy caller_reads on search_docs_sections for select to search_app
       using (nullif(current_setting('search_docs.caller_token', true), '') = any (readers))`,
      );
      await admin.query("grant select on search_docs_sections to search_app");
      pool = new pg.Pool({
        connectionString: `postgres://search_app:app@${server.host}:${server.port}/${server.database}`,
      });
      docs = createDocsSearch({
        backend: postgresBackend({ pool }),
        areas: { runbooks: ["runbooks"] },
      });
    }, 60_000);
    afterAll(async () => {
      await pool?.end();
      await admin?.end();
      await server?.destroy();
    });

    const titlesOf = (output: { status: string; results: { title: string }[] }) =>
      output.status === "no_matches" ? [] : output.results.map((result) => result.title).sort();

    it("LangChain: createAgent with each user's context reads that user's documents", async () => {
      for (const [user, titles] of Object.entries(expectedTitles)) {
        const model = fakeModel()
          .respondWithTools([{ name: "search_docs", args: { query: question } }])
          .respond(new AIMessage("done"));
        const agent = createAgent({
          model,
          tools: createDocsTools(docs),
          contextSchema: docsContextSchema,
        });
        const state = await agent.invoke(
          { messages: [new HumanMessage(question)] },
          { context: { caller: { token: user } } },
        );
        const toolMessage = state.messages.find((message) => ToolMessage.isInstance(message));
        const output = JSON.parse(String(toolMessage?.content));
        expect(output.status).toBe(titles.length === 0 ? "no_matches" : "ok");
        expect(titlesOf(output)).toEqual(titles);
      }
    });

    it("AI SDK: generateText with each user's toolsContext reads that user's documents", async () => {
      for (const [user, titles] of Object.entries(expectedTitles)) {
        let turn = 0;
        const model = new MockLanguageModelV4({
          doGenerate: async () => {
            turn++;
            const usage = {
              inputTokens: { total: 1, noCache: 1, cacheRead: undefined, cacheWrite: undefined },
              outputTokens: { total: 1, text: 1, reasoning: undefined },
            };
            return turn === 1
              ? {
                  content: [
                    {
                      type: "tool-call",
                      toolCallId: "call-1",
                      toolName: "search_docs",
                      input: JSON.stringify({ query: question }),
                    },
                  ],
                  finishReason: { unified: "tool-calls", raw: undefined },
                  usage,
                  warnings: [],
                }
              : {
                  content: [{ type: "text", text: "done" }],
                  finishReason: { unified: "stop", raw: undefined },
                  usage,
                  warnings: [],
                };
          },
        });
        const caller = { caller: { token: user } };
        const result = await generateText({
          model,
          tools: docsTools(docs),
          prompt: question,
          stopWhen: isStepCount(3),
          toolsContext: { search_docs: caller, get_document: caller },
        } as never);
        const toolOutput = result.steps[0]?.toolResults[0]?.output as
          | { result: { status: string; results: { title: string }[] } }
          | undefined;
        if (toolOutput === undefined)
          throw new Error("the model's search_docs call brought no result");
        const output = toolOutput.result;
        expect(output.status).toBe(titles.length === 0 ? "no_matches" : "ok");
        expect(titlesOf(output)).toEqual(titles);
      }
    });

    it("MCP: a server per user answers search_docs and get_document as that user", async () => {
      for (const [user, titles] of Object.entries(expectedTitles)) {
        const connection = await connectInMemory(
          createDocsMcpServer(docs, { caller: { token: user } }),
        );
        try {
          await connection.client.listTools();
          const result = await connection.client.callTool({
            name: "search_docs",
            arguments: { query: question },
          });
          const output = result.structuredContent as {
            status: string;
            results: { title: string; ref: string }[];
          };
          expect(output.status).toBe(titles.length === 0 ? "no_matches" : "ok");
          expect(titlesOf(output)).toEqual(titles);
          for (const found of output.results) {
            const read = await connection.client.callTool({
              name: "get_document",
              arguments: { ref: found.ref },
            });
            expect((read.structuredContent as { status: string }).status).toBe("ok");
          }
        } finally {
          await connection.close();
        }
      }
    });
  },
);
