import { describe, expect, it } from "vitest";
import { runAiSdkQuickstart } from "./ai-sdk-quickstart.ts";
import { runLangChainQuickstart } from "./langchain-quickstart.ts";

async function transcript(run: (print: (line: string) => void) => Promise<void>) {
  const lines: string[] = [];
  await run((line) => lines.push(line));
  return lines;
}

// Trace ids are random per call; everything else in the two transcripts is the same.
const withoutTraceIds = (lines: string[]) =>
  lines.slice(1).map((line) => line.replace(/traceId [0-9a-f-]{36}/, "traceId <id>"));

describe("the quickstarts", () => {
  it("AI SDK: searches, reads the first hit, answers from it", async () => {
    const lines = await transcript(runAiSdkQuickstart);
    expect(lines[0]).toContain("AI SDK");
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
});
