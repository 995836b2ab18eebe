// `pnpm tokens`: the o200k token count of each tool definition, in the OpenAI tool format, as
// each adapter produces it: the cost re-sent on every turn of every request. Run after a build
// (the root script builds the packages first). Budget, held by each adapter's test:
// search_docs <= 100, get_document <= 70, with the four default areas.

import { docsTools } from "../packages/ai-sdk/dist/index.js";
import * as aiSdk from "../packages/ai-sdk/src/__fixtures__/tool-definition-tokens.ts";
import { createDocsSearch } from "../packages/core/dist/index.js";
import { createDocsTools } from "../packages/langchain/dist/index.js";
import * as langchain from "../packages/langchain/src/__fixtures__/tool-definition-tokens.ts";

const areas = {
  runbooks: ["runbooks-id"],
  policies: ["policies-id"],
  "api-reference": ["api-reference-id"],
  onboarding: ["onboarding-id"],
};
const budget: Record<string, number> = { search_docs: 100, get_document: 70 };
const variants = [
  { name: "default", recency: false, strict: false },
  { name: "recency: true", recency: true, strict: false },
  { name: "strict: true", recency: false, strict: true },
];
const caller = { token: "unused" };

const rows: string[][] = [["adapter", "variant", "tool", "tokens", "budget"]];
let overBudget = false;
for (const variant of variants) {
  const docs = createDocsSearch({ baseUrl: "http://127.0.0.1:9", areas, recency: variant.recency });
  const measured = [
    {
      adapter: "@search-docs/ai-sdk",
      definitions: await aiSdk.openAiToolDefinitions(
        docsTools(docs, { caller, strict: variant.strict }),
      ),
      count: aiSdk.countTokens,
    },
    {
      adapter: "@search-docs/langchain",
      definitions: langchain.openAiToolDefinitions(
        createDocsTools(docs, { caller, strict: variant.strict }),
        variant.strict ? { strict: true } : {},
      ),
      count: langchain.countTokens,
    },
  ];
  for (const { adapter, definitions, count } of measured) {
    for (const definition of definitions) {
      const tokens = count(definition);
      const limit = variant.name === "default" ? budget[definition.function.name] : undefined;
      if (limit !== undefined && tokens > limit) overBudget = true;
      rows.push([
        adapter,
        variant.name,
        definition.function.name,
        String(tokens),
        limit === undefined ? "" : `<= ${limit}${tokens > limit ? "  OVER" : ""}`,
      ]);
    }
  }
}

const widths = rows[0]?.map((_, column) =>
  Math.max(...rows.map((row) => row[column]?.length ?? 0)),
);
for (const row of rows) {
  console.log(
    row
      .map((cell, column) => cell.padEnd(widths?.[column] ?? 0))
      .join("  ")
      .trimEnd(),
  );
}
if (process.argv.includes("--json")) {
  const sample = createDocsSearch({ baseUrl: "http://127.0.0.1:9", areas });
  console.log(
    JSON.stringify(await aiSdk.openAiToolDefinitions(docsTools(sample, { caller })), null, 2),
  );
}
process.exitCode = overBudget ? 1 : 0;
