import {
  contractCases,
  contractCaseVerdict,
  fakeDocsServiceFixture,
} from "@search-docs/core/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { throughAiSdk } from "./__fixtures__/through-generate-text.js";

const fake = fakeDocsServiceFixture();
beforeAll(fake.start);
afterAll(fake.close);

// The contract table from core, played through the AI SDK: the model must read exactly the
// bytes core gives for the same input, and upstream must see the same requests.
describe.each([
  ["generateText", "fixed caller"],
  ["generateText", "toolsContext"],
  ["streamText", "toolsContext"],
] as const)("%s, %s", (mode, form) => {
  it.each(contractCases)("$name", async (contractCase) => {
    expect(await contractCaseVerdict(fake.service, contractCase, throughAiSdk(mode, form))).toEqual(
      [],
    );
  });
});
