// `pnpm tokens`: the o200k token count of each tool definition exactly as each provider SDK puts
// it on the wire (a scripted fake provider answers, no network): the cost re-sent on every turn
// of every request. Run after a build (the root script builds the packages first). Budget, held
// by each adapter's provider-wire test in every default format: search_docs <= 100,
// get_document <= 70, with the four default areas. `--json` prints the definitions too.

import { docsTools } from "../packages/ai-sdk/dist/index.js";
import * as aiSdk from "../packages/ai-sdk/src/__fixtures__/provider-wire.ts";
import { createDocsSearch } from "../packages/core/dist/index.js";
import { createDocsTools } from "../packages/langchain/dist/index.js";
import * as langchain from "../packages/langchain/src/__fixtures__/provider-wire.ts";

const areas = {
  runbooks: ["runbooks-id"],
  policies: ["policies-id"],
  "api-reference": ["api-reference-id"],
  onboarding: ["onboarding-id"],
};
const budget: Record<string, number> = { search_docs: 100, get_document: 70 };
const variants = [
  { name: "default", recency: false, strict: false },
  { name: "strict: true", recency: false, strict: true },
  { name: "recency: true", recency: true, strict: false },
];
const caller = { token: "unused" };

const rows: string[][] = [["adapter", "wire", "variant", "tool", "tokens", "budget"]];
const sent: unknown[] = [];
let overBudget = false;
for (const variant of variants) {
  const docs = createDocsSearch({ baseUrl: "http://127.0.0.1:9", areas, recency: variant.recency });
  const measured: { adapter: string; wire: string; definitions: Record<string, unknown> }[] = [];
  for (const format of aiSdk.wireFormats) {
    const tools = docsTools(docs, { caller, strict: variant.strict });
    measured.push({
      adapter: "@search-docs/ai-sdk",
      wire: format,
      definitions: await aiSdk.toolDefinitionsOnTheWire(tools, format),
    });
  }
  for (const setup of langchain.wireSetups) {
    if (variant.strict && setup.includes("unset")) continue;
    const tools = createDocsTools(docs, { caller, strict: variant.strict });
    measured.push({
      adapter: "@search-docs/langchain",
      wire: setup,
      definitions: await langchain.toolDefinitionsOnTheWire(tools, setup, {
        strict: variant.strict,
      }),
    });
  }
  for (const { adapter, wire, definitions } of measured) {
    for (const [tool, definition] of Object.entries(definitions)) {
      const tokens = aiSdk.countTokens(definition);
      const limit = variant.name === "default" ? budget[tool] : undefined;
      if (limit !== undefined && tokens > limit) overBudget = true;
      rows.push([
        adapter,
        wire,
        variant.name,
        tool,
        String(tokens),
        limit === undefined ? "" : `<= ${limit}${tokens > limit ? "  OVER" : ""}`,
      ]);
      sent.push({ adapter, wire, variant: variant.name, tool, definition });
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
if (process.argv.includes("--json")) console.log(JSON.stringify(sent, null, 2));
process.exitCode = overBudget ? 1 : 0;
