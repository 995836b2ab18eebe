import {
  contractCaseProblems,
  contractCases,
  type FakeDocsService,
  playContractCase,
  startFakeDocsService,
  throughCore,
} from "@search-docs/core/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { throughCreateAgent } from "./__fixtures__/through-create-agent.js";

let service: FakeDocsService;
beforeAll(async () => {
  service = await startFakeDocsService();
});
afterAll(() => service.close());

// The contract table from core, played through createAgent: the model must read exactly the
// bytes core gives for the same input, upstream must see the same requests.
describe.each(["fixed caller", "context"] as const)("createAgent, %s", (form) => {
  it.each(contractCases)("$name", async (contractCase) => {
    const expected = await playContractCase(service, contractCase, throughCore);
    const run = await playContractCase(service, contractCase, throughCreateAgent(form));
    expect(contractCaseProblems(contractCase, run)).toEqual([]);
    expect(run.model).toEqual(expected.model);
    expect(run.requests).toBe(expected.requests);
  });
});
