import { InvalidInputError } from "../errors/invalid-input-error.js";
import type { ContractAdapter, ContractCase, ContractRun, ModelVisible } from "./contract-cases.js";
import { createTestDocsSearch } from "./create-test-docs-search.js";
import type { FakeDocsService } from "./fake-docs-service.js";

/**
 * Plays one contract case through `adapter` on a fresh docs search (no memory of an earlier
 * case's reindex) against `service`: each call's faults are set just before it, earlier calls
 * issue the refs later ones quote, and the last call is observed.
 */
export async function playContractCase(
  service: FakeDocsService,
  contractCase: ContractCase,
  adapter: ContractAdapter,
): Promise<ContractRun> {
  service.clearFaults();
  service.clearRequests();
  const docs = createTestDocsSearch(service);
  const seen: ModelVisible[] = [];
  let last: ContractRun | undefined;
  try {
    for (const call of contractCase.calls) {
      call.faults?.(service);
      const requestsBefore = service.requests.length;
      const input = call.inputFrom ? call.inputFrom(seen) : call.input;
      const observed = await adapter({
        docs,
        tool: call.tool,
        input,
        caller: { token: service.tokens[call.as ?? "everything"] },
        strict: contractCase.strict === true,
      });
      seen.push(observed.model);
      last = { ...observed, requests: service.requests.length - requestsBefore };
    }
  } finally {
    service.clearFaults();
  }
  if (!last) throw new Error(`contract case "${contractCase.name}" has no calls`);
  return last;
}

/**
 * Core itself as the adapter: the bytes every framework must hand the model. A thrown
 * InvalidInputError reaches the model as its name and message, as both frameworks print it.
 */
export const throughCore: ContractAdapter = async ({ docs, tool, input, caller }) => {
  try {
    const result =
      tool === "search_docs"
        ? await docs.search(input as { query: string }, { caller })
        : await docs.getDocument(input as { ref: string }, { caller });
    return {
      model: { isError: false, text: JSON.stringify(result.output) },
      app: { urls: result.urls, unauthorized: result.unauthorized },
    };
  } catch (error) {
    if (!InvalidInputError.isInstance(error)) throw error;
    return { model: { isError: true, text: String(error) } };
  }
};

/** How a played case breaks what its row promises, one sentence a problem; empty when it keeps it. */
export function contractCaseProblems(contractCase: ContractCase, run: ContractRun): string[] {
  const problems: string[] = [];
  const { expect } = contractCase;
  if ("error" in expect) {
    if (!run.model.isError) problems.push("the model read a result, not an error");
    if (run.model.text !== expect.error) {
      problems.push(`the model read ${JSON.stringify(run.model.text.slice(0, 300))}`);
    }
    if (run.requests !== 0) problems.push(`${run.requests} upstream requests for bad input`);
    return problems;
  }
  if (run.model.isError) {
    return [`the model read an error: ${JSON.stringify(run.model.text.slice(0, 300))}`];
  }
  const output = JSON.parse(run.model.text) as {
    status?: string;
    ref?: string;
    results?: { ref: string }[];
  };
  if (output.status !== expect.status) problems.push(`status ${output.status}`);
  if (expect.text !== undefined && run.model.text !== expect.text) {
    problems.push(`the model read ${JSON.stringify(run.model.text.slice(0, 300))}`);
  }
  if (contractCase.app) {
    if (!run.app) return [...problems, "the app got nothing beside the model's bytes"];
    if (run.app.unauthorized !== contractCase.app.unauthorized) {
      problems.push(`unauthorized ${run.app.unauthorized}`);
    }
    const refs =
      contractCase.app.urls === "none"
        ? []
        : (output.results?.map((result) => result.ref) ?? (output.ref ? [output.ref] : []));
    const linked = Object.keys(run.app.urls);
    if (linked.join("\n") !== refs.join("\n")) problems.push(`urls for ${JSON.stringify(linked)}`);
    if (contractCase.app.urls === "each ref" && refs.length === 0) {
      problems.push("no refs to link: the case does not test urls");
    }
  }
  return problems;
}

/**
 * Plays a case through core and through `adapter`, each on a fresh docs search, and says how the
 * adapter's run breaks its row or differs from core's: other bytes, or other upstream requests.
 * Empty when the adapter keeps the contract.
 */
export async function contractCaseVerdict(
  service: FakeDocsService,
  contractCase: ContractCase,
  adapter: ContractAdapter,
): Promise<string[]> {
  const expected = await playContractCase(service, contractCase, throughCore);
  const run = await playContractCase(service, contractCase, adapter);
  const problems = contractCaseProblems(contractCase, run);
  if (run.model.isError !== expected.model.isError || run.model.text !== expected.model.text) {
    problems.push(
      `the model read ${JSON.stringify(run.model.text.slice(0, 300))} where core gives ` +
        JSON.stringify(expected.model.text.slice(0, 300)),
    );
  }
  if (run.requests !== expected.requests) {
    problems.push(`${run.requests} upstream requests where core makes ${expected.requests}`);
  }
  return problems;
}
