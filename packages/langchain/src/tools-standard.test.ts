import { createDocsSearch } from "@search-docs/core";
import { docsConfigFromEnvironment } from "@search-docs/core/node";
import { createTestDocsSearch, fakeDocsServiceFixture } from "@search-docs/core/testing";
import { afterAll, beforeAll } from "vitest";
import { toolsIntegrationTests, toolsUnitTests } from "./__fixtures__/tools-standard-tests.js";
import type { DocsToolOptions } from "./docs-structured-tool.js";
import { createGetDocumentTool } from "./get-document-tool.js";
import { createSearchDocsTool } from "./search-docs-tool.js";

const fake = fakeDocsServiceFixture();
beforeAll(fake.start);
afterAll(fake.close);

const tools = [
  {
    name: "search_docs",
    create: createSearchDocsTool,
    example: { query: "rotate a service account key" },
  },
  {
    name: "get_document",
    create: createGetDocumentTool,
    example: { ref: "runbooks/key-rotation#2" },
  },
] as const;

/**
 * The constructor an app would write: a script acting as one user reads SEARCH_DOCS_* (a real
 * backend and its token) when they are set, else the tool reads the fake service as `everything`.
 */
function constructorOf(create: (typeof tools)[number]["create"]) {
  return (params: Record<string, unknown>) => {
    const config = docsConfigFromEnvironment(process.env, { token: "required" });
    if (!config) {
      return create(createTestDocsSearch(fake.service), {
        caller: { token: fake.service.tokens.everything },
        ...(params as DocsToolOptions),
      });
    }
    const { token, ...options } = config;
    return create(createDocsSearch(options), {
      caller: { token: token as string },
      ...(params as DocsToolOptions),
    });
  };
}

for (const { name, create, example } of tools) {
  // The form the suite runs as it is: a caller fixed when the tool is built.
  toolsUnitTests(`${name}, fixed caller`, {
    toolConstructor: constructorOf(create),
    toolInvokeParamsExample: example,
    initFromEnvParams: [
      {
        SEARCH_DOCS_BASE_URL: "http://127.0.0.1:59999", // not a port fetch refuses (9 is)
        SEARCH_DOCS_TOKEN: "a-token",
        SEARCH_DOCS_AREAS: '{"runbooks":["runbooks-id"]}',
      },
      { strict: true },
      { name, responseFormat: "content_and_artifact", extras: { strict: true } },
    ],
  });
  toolsIntegrationTests(`${name}, fixed caller`, {
    toolConstructor: constructorOf(create),
    toolInvokeParamsExample: example,
  });

  // The per-run-caller form (one tool set for every user): the suite invokes with no config, so
  // the tool has no caller and throws the missing-credentials sentence, by design...
  const perRun = () => create(createTestDocsSearch(fake.service));
  const noCaller =
    "per-run caller, invoked with no config: throws the missing-credentials sentence";
  toolsIntegrationTests(`${name}, per-run caller, as the suite invokes`, {
    toolConstructor: perRun,
    toolInvokeParamsExample: example,
    expectedFailures: {
      test_invoke_matches_output_schema: noCaller,
      test_async_invoke_matches_output_schema: noCaller,
      test_invoke_no_tool_call: noCaller,
      test_async_invoke_no_tool_call: noCaller,
    },
  });
  // ...and passes every test once the harness invokes it as an app does, with the caller.
  toolsIntegrationTests(`${name}, per-run caller, invoked with { configurable: { caller } }`, {
    toolConstructor: perRun,
    toolInvokeParamsExample: example,
    get invokeConfig() {
      return { configurable: { caller: { token: fake.service.tokens.everything } } };
    },
  });
}
