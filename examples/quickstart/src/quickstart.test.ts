import { startFakeDocsService } from "@search-docs/core/testing";
import { describe, expect, it } from "vitest";
import { runAiSdkQuickstart } from "./ai-sdk-quickstart.ts";
import { runLangChainQuickstart } from "./langchain-quickstart.ts";
import type { QuickstartOptions } from "./open-quickstart-docs.ts";

type Run = (print: (line: string) => void, options: QuickstartOptions) => Promise<void>;

async function transcript(run: Run, env: Record<string, string | undefined> = {}) {
  const lines: string[] = [];
  const errors: string[] = [];
  await run((line) => lines.push(line), { env, printError: (line) => errors.push(line) });
  return Object.assign(lines, { errors });
}

// Trace ids are random per call; everything else in the two transcripts is the same.
const withoutTraceIds = (lines: string[]) =>
  lines.slice(1).map((line) => line.replace(/traceId [0-9a-f-]{36}/, "traceId <id>"));

describe("the quickstarts", () => {
  it("AI SDK: searches, reads the first hit, answers from it", async () => {
    const lines = await transcript(runAiSdkQuickstart);
    expect(lines[0]).toContain("AI SDK");
    expect(lines.errors).toEqual([
      expect.stringMatching(/^quickstart: the embedded fake docs service at http/),
    ]);
    expect(lines.filter((line) => line.startsWith("model → "))).toEqual([
      'model → search_docs({"query":"How do I rotate a service account key?"})',
      'model → get_document({"ref":"runbooks/key-rotation#2"})',
    ]);
    expect(lines).toContainEqual(
      expect.stringMatching(/^search_docs → app: traceId [0-9a-f-]{36}, 8 portal URL\(s\)/),
    );
    expect(lines.at(-1)).toMatch(
      /^model: From "Service account key rotation": Rotate in this order/,
    );
  });

  it("LangChain prints the same turns, tool results and all", async () => {
    const aiSdk = await transcript(runAiSdkQuickstart);
    const langchain = await transcript(runLangChainQuickstart);
    expect(langchain[0]).toContain("LangChain");
    expect(withoutTraceIds(langchain)).toEqual(withoutTraceIds(aiSdk));
  });

  it("with SEARCH_DOCS_BACKEND set: the registry's engine, named on stderr, searched as its one user", async () => {
    const service = await startFakeDocsService();
    try {
      const env = {
        SEARCH_DOCS_BACKEND: "v2",
        SEARCH_DOCS_V2_URL: service.url,
        SEARCH_DOCS_TOKEN: service.tokens.runbooksOnly,
        SEARCH_DOCS_AREAS: JSON.stringify(service.areas),
      };
      const lines = await transcript(runLangChainQuickstart, env);
      expect(lines.errors).toEqual([
        `quickstart: searching v2 at ${service.url} (areas: ${Object.keys(service.areas).join(", ")})`,
      ]);
      expect(lines.join("\n") + lines.errors.join("\n")).not.toContain(env.SEARCH_DOCS_TOKEN);
      expect(lines.at(-1)).toMatch(/^model: From "Service account key rotation"/);
    } finally {
      await service.close();
    }
  });
});
