// The consumer app: everything it needs came from npm and the packed tarballs. It prints one
// JSON report for the test to judge.
import { startFakeDocsService } from "@search-docs/core/testing";
import { searchWithAiSdk } from "./search-with-ai-sdk.ts";
import { searchWithCore } from "./search-with-core.ts";
import { searchWithLangChain } from "./search-with-langchain.ts";
import { searchWithMcp } from "./search-with-mcp.ts";
import { spansReachTheApp } from "./spans-reach-the-app.ts";

const service = await startFakeDocsService();
try {
  const report = {
    node: process.version,
    core: await searchWithCore(service),
    langchain: await searchWithLangChain(service),
    aiSdk: await searchWithAiSdk(service),
    mcp: await searchWithMcp(service),
    spans: await spansReachTheApp(service),
  };
  process.stdout.write(`${JSON.stringify(report)}\n`);
} finally {
  await service.close();
}
