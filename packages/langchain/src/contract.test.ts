import {
  contractCases,
  contractCaseVerdict,
  fakeDocsServiceFixture,
} from "@search-docs/core/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { throughCreateAgent } from "./__fixtures__/through-create-agent.js";

const fake = fakeDocsServiceFixture();
beforeAll(fake.start);
afterAll(fake.close);

// The contract table from core, played through createAgent: the model must read exactly the
// bytes core gives for the same input, upstream must see the same requests.
describe.each(["fixed caller", "context"] as const)("createAgent, %s", (form) => {
  it.each(contractCases)("$name", async (contractCase) => {
    expect(await contractCaseVerdict(fake.service, contractCase, throughCreateAgent(form))).toEqual(
      [],
    );
  });
});
