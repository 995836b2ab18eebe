import { afterEach, describe, expect, it } from "vitest";
import { type RawServer, startRawServer } from "../__fixtures__/raw-server.js";
import { createDocsSearch } from "../create-docs-search.js";

// A 404 is "nothing matched" only in the v2 API's own words (DESIGN §2, "The v2 backend"). Each
// server below answers every request 404 the way some other server does; bodies are modelled on
// those servers' documented error answers, not copied from their code.
const notV2 = {
  // Typesense: `{"message": "Not Found"}` for an unknown collection or path
  // (https://typesense.org/docs/latest/api/api-errors.html).
  typesense: { type: "application/json", body: '{"message": "Not Found"}' },
  // nginx's default error page, as a reverse proxy in front of the wrong upstream sends it.
  nginx: {
    type: "text/html",
    body: "<html>\r\n<head><title>404 Not Found</title></head>\r\n<body>\r\n<center><h1>404 Not Found</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n",
  },
  empty: { type: "text/plain", body: "" },
  // Elasticsearch: `error` is an object (index_not_found_exception), not a string.
  elasticsearch: {
    type: "application/json",
    body: '{"error":{"type":"index_not_found_exception","reason":"no such index [v2]"},"status":404}',
  },
  // Meilisearch: `{"message","code","type","link"}` (https://www.meilisearch.com/docs/reference/errors/overview).
  meilisearch: {
    type: "application/json",
    body: '{"message":"Index `v2` not found.","code":"index_not_found","type":"invalid_request","link":"https://docs.meilisearch.com/errors#index_not_found"}',
  },
  text: { type: "text/plain", body: "404 page not found\n" },
  jsonList: { type: "application/json", body: '["error"]' },
} as const;

const servers: RawServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

async function serve404(body: string, type: string, document?: { body: string; type: string }) {
  const server = await startRawServer((request, response) => {
    const isSearch = (request.url ?? "").includes("/documents/search");
    if (document && isSearch) {
      response.writeHead(200, { "content-type": "application/json" });
      response.end(
        JSON.stringify({
          items: [{ document_id: "d1", title: "Key rotation", score: 1, snippet: "rotate" }],
          next_cursor: null,
          has_more: false,
        }),
      );
      return;
    }
    const answer = document ?? { body, type };
    response.writeHead(404, { "content-type": answer.type });
    response.end(answer.body);
  });
  servers.push(server);
  return createDocsSearch({ baseUrl: server.url, areas: { runbooks: ["c1"] } });
}

const caller = { caller: { token: "t" } };

describe("a v2 search answered 404", () => {
  it.each(Object.entries(notV2))("by %s is unavailable, misconfigured", async (_name, answer) => {
    const docs = await serve404(answer.body, answer.type);
    const { output, trace } = await docs.search({ query: "rotate a key" }, caller);
    expect(output.status).toBe("unavailable");
    expect(trace.failures.map((failure) => failure.kind)).toEqual(["misconfigured"]);
    expect(trace.notes.join(" ")).toContain("not the v2 API's answer");
  });

  it.each(['{"error":"no_match"}', '{"error":"collection_not_found","detail":1}'])(
    "with the API's own body %s is no_matches",
    async (body) => {
      const docs = await serve404(body, "application/json");
      const { output, trace } = await docs.search({ query: "rotate a key" }, caller);
      expect(output.status).toBe("no_matches");
      expect(trace.failures).toEqual([]);
    },
  );
});

describe("a v2 document read answered 404", () => {
  it("by another server is unavailable, not not_found", async () => {
    const docs = await serve404("", "", notV2.nginx);
    const search = await docs.search({ query: "rotate a key" }, caller);
    expect(search.output.status).toBe("ok");
    const ref = (search.output as { results: Array<{ ref: string }> }).results[0]?.ref as string;
    const read = await docs.getDocument({ ref }, caller);
    expect(read.output.status).toBe("unavailable");
  });

  it("with the API's own body is not_found", async () => {
    const docs = await serve404("", "", {
      type: "application/json",
      body: '{"error":"document_not_found"}',
    });
    const search = await docs.search({ query: "rotate a key" }, caller);
    const ref = (search.output as { results: Array<{ ref: string }> }).results[0]?.ref as string;
    const read = await docs.getDocument({ ref }, caller);
    expect(read.output.status).toBe("not_found");
  });
});
