import { expect, it } from "vitest";
import { testAttempt } from "../testing/test-attempt.js";
import { loadV2Backend } from "./load-v2-backend.js";
import { v2Backend } from "./v2-backend.js";

// createDocsSearch({ baseUrl }) loads the v2 backend on its first call: it must be the same
// backend, under the same name (the trace names the backend that answered).
it("is v2Backend under its name, loaded on the first call", async () => {
  const seen: string[] = [];
  const options = {
    baseUrl: "http://docs.test",
    fetch: async (input: string | URL | Request) => {
      seen.push(String(input instanceof Request ? input.url : input));
      return Response.json({ error: "busy" }, { status: 503, headers: { "retry-after": "2" } });
    },
  };
  const page = { collectionId: "runbooks", query: "rotate", pageSize: 20, continuation: undefined };
  const lazy = loadV2Backend(options);
  expect(lazy.name).toBe(v2Backend(options).name);
  const direct = await v2Backend(options).searchPage(
    page,
    testAttempt({ caller: { token: "reader" } }),
  );
  const loaded = await lazy.searchPage(page, testAttempt({ caller: { token: "reader" } }));
  expect(loaded).toEqual(direct);
  expect(seen[0]).toBe(seen[1]);
  const document = { collectionId: "runbooks", documentId: "key-rotation" };
  expect(await lazy.getDocument(document, testAttempt({ caller: { token: "reader" } }))).toEqual(
    await v2Backend(options).getDocument(document, testAttempt({ caller: { token: "reader" } })),
  );
});
