// Both adapters keep the same contract: each plays core's contract table through its own runtime
// (packages/*/src/contract.test.ts), so the model reads the same bytes from either. What is left
// to compare across them is what they cost: the tool definitions each provider SDK puts on the
// wire, which should be the same bytes too.
import { docsTools } from "@search-docs/ai-sdk";
import { createDocsSearch } from "@search-docs/core";
import { createDocsTools } from "@search-docs/langchain";
import { describe, expect, it } from "vitest";
import * as aiSdk from "../../../packages/ai-sdk/src/__fixtures__/provider-wire.ts";
import * as langchain from "../../../packages/langchain/src/__fixtures__/provider-wire.ts";

const areas = {
  runbooks: ["runbooks-id"],
  policies: ["policies-id"],
  "api-reference": ["api-reference-id"],
  onboarding: ["onboarding-id"],
};
const caller = { token: "unused" };

describe.each(aiSdk.wireFormats)("on the %s wire", (format) => {
  it.each([false, true])(
    "both adapters send the same definitions, at the same cost (strict: %s)",
    async (strict) => {
      const docs = createDocsSearch({ baseUrl: "http://127.0.0.1:9", areas });
      const fromAiSdk = await aiSdk.toolDefinitionsOnTheWire(
        docsTools(docs, { caller, strict }),
        format,
      );
      const fromLangChain = await langchain.toolDefinitionsOnTheWire(
        createDocsTools(docs, { caller, strict }),
        format,
        { strict },
      );
      // The same fields and values; on Responses the two SDKs order the keys differently, which
      // changes no token count.
      expect(fromLangChain).toEqual(fromAiSdk);
      for (const name of Object.keys(fromAiSdk)) {
        expect(langchain.countTokens(fromLangChain[name])).toBe(aiSdk.countTokens(fromAiSdk[name]));
      }
    },
  );
});
