import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ContractAdapter, contractCases } from "./contract-cases.js";
import type { FakeDocsService } from "./fake-docs-service.js";
import {
  contractCaseProblems,
  contractCaseVerdict,
  playContractCase,
  throughCore,
} from "./play-contract-case.js";
import { startFakeDocsService } from "./start-fake-docs-service.js";

let service: FakeDocsService;
beforeAll(async () => {
  service = await startFakeDocsService();
});
afterAll(() => service.close());

const find = (name: string) => {
  const found = contractCases.find((each) => each.name.startsWith(name));
  if (!found) throw new Error(`no contract case ${name}`);
  return found;
};

describe("the contract table, played through core itself", () => {
  it.each(contractCases)("$name", async (contractCase) => {
    const run = await playContractCase(service, contractCase, throughCore);
    expect(contractCaseProblems(contractCase, run)).toEqual([]);
  });

  it("covers every status of both tools and bad input to each", () => {
    const statuses = contractCases.flatMap((each) =>
      "status" in each.expect ? [`${each.calls.at(-1)?.tool} ${each.expect.status}`] : [],
    );
    expect(new Set(statuses)).toEqual(
      new Set([
        "search_docs ok",
        "search_docs no_matches",
        "search_docs unavailable",
        "get_document ok",
        "get_document not_found",
        "get_document no_access",
        "get_document unavailable",
      ]),
    );
    const bad = contractCases.filter((each) => "error" in each.expect);
    expect(new Set(bad.map((each) => each.calls.at(-1)?.tool))).toEqual(
      new Set(["search_docs", "get_document"]),
    );
  });
});

describe("the judge", () => {
  it("catches an adapter that adds words to core's error line", async () => {
    const wordy: ContractAdapter = async (call) => {
      const observed = await throughCore(call);
      return {
        model: { ...observed.model, text: `${observed.model.text}\n Please fix your mistakes.` },
      };
    };
    const contractCase = find("bad search: no query");
    const run = await playContractCase(service, contractCase, wordy);
    expect(contractCaseProblems(contractCase, run)).toEqual([
      `the model read ${JSON.stringify(`${run.model.text}`)}`,
    ]);
  });

  it("catches a result where an error was due, and an error where a result was", async () => {
    const lenient: ContractAdapter = async () => ({
      model: { isError: false, text: '{"status":"ok"}' },
    });
    const bad = find("bad search: no query");
    expect(contractCaseProblems(bad, await playContractCase(service, bad, lenient))).toContain(
      "the model read a result, not an error",
    );
    const strictCase = find("search: strict, area omitted");
    const rejecting: ContractAdapter = async () => ({ model: { isError: true, text: "no" } });
    expect(
      contractCaseProblems(strictCase, await playContractCase(service, strictCase, rejecting)),
    ).toEqual(['the model read an error: "no"']);
  });

  it("catches upstream requests for bad input, and wrong app-side urls or unauthorized", async () => {
    const contractCase = find("search: unavailable, and the app hears");
    const run = await playContractCase(service, contractCase, throughCore);
    expect(
      contractCaseProblems(contractCase, { ...run, app: { urls: {}, unauthorized: false } }),
    ).toEqual(expect.arrayContaining(["unauthorized false", "urls for []"]));
    const bad = find("bad search: no query");
    const badRun = await playContractCase(service, bad, throughCore);
    expect(contractCaseProblems(bad, { ...badRun, requests: 2 })).toEqual([
      "2 upstream requests for bad input",
    ]);
  });

  it("a verdict holds an adapter to core's own bytes and requests, not only to the row", async () => {
    const contractCase = find("search: ok");
    expect(await contractCaseVerdict(service, contractCase, throughCore)).toEqual([]);
    // Still status ok, so the row alone would pass; the bytes are not core's.
    const reordered: ContractAdapter = async (call) => {
      const observed = await throughCore(call);
      const { status, ...rest } = JSON.parse(observed.model.text);
      return { ...observed, model: { isError: false, text: JSON.stringify({ status, ...rest }) } };
    };
    const verdict = await contractCaseVerdict(service, contractCase, reordered);
    expect(verdict).toHaveLength(1);
    expect(verdict[0]).toMatch(/^the model read .* where core gives /);
  });
});
