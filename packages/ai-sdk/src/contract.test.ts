import {
  contractCaseProblems,
  contractCases,
  type FakeDocsService,
  playContractCase,
  startFakeDocsService,
  throughCore,
} from "@search-docs/core/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { throughAiSdk } from "./__fixtures__/through-generate-text.js";

let service: FakeDocsService;
beforeAll(async () => {
  service = await startFakeDocsService();
});
afterAll(() => service.close());

// The contract table from core, played through the AI SDK: the model must read exactly the
// bytes core gives for the same input, and upstream must see the same requests.
describe.each([
  ["generateText", "fixed caller"],
  ["generateText", "toolsContext"],
  ["streamText", "toolsContext"],
] as const)("%s, %s", (mode, form) => {
  it.each(contractCases)("$name", async (contractCase) => {
    const expected = await playContractCase(service, contractCase, throughCore);
    const run = await playContractCase(service, contractCase, throughAiSdk(mode, form));
    expect(contractCaseProblems(contractCase, run)).toEqual([]);
    expect(run.model).toEqual(expected.model);
    expect(run.requests).toBe(expected.requests);
  });
});
