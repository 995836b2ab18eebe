// A docs search in its own process, on a shared Redis: what one instance of a serverless route
// or of a load-balanced agent is. Driven over IPC by start-docs-search-process.ts.
import { createClient } from "redis";
import { createDocsSearch, type DocsSearch } from "../create-docs-search.js";
import { RedisRefStore } from "../refs/redis-ref-store.js";
import { RedisReindexMemory } from "../retry/redis-reindex-memory.js";
import type { DocsSearchProcessCommand } from "./start-docs-search-process.js";

let docs: DocsSearch | undefined;

process.on("message", async (message: DocsSearchProcessCommand) => {
  const reply = (result: unknown) => process.send?.({ id: message.id, result });
  try {
    switch (message.type) {
      case "start": {
        const { baseUrl, areas, redisUrl, reindexMemory } = message;
        const client = createClient({ url: redisUrl });
        client.on("error", () => {});
        await client.connect();
        docs = createDocsSearch({
          baseUrl,
          areas,
          refStore: new RedisRefStore({ client }),
          // Default: this process's own memory, as without a shared one.
          ...(reindexMemory === "redis"
            ? { reindexMemory: new RedisReindexMemory({ client }) }
            : {}),
        });
        reply({ pid: process.pid });
        return;
      }
      case "search":
      case "getDocument": {
        if (docs === undefined) throw new Error("not started");
        const options = { caller: { token: message.token } };
        const { output, trace } =
          message.type === "search"
            ? await docs.search(message.input as { query: string }, options)
            : await docs.getDocument(message.input as { ref: string }, options);
        reply({ output, trace });
        return;
      }
    }
  } catch (error) {
    process.send?.({ id: message.id, error: String(error) });
  }
});
process.send?.({ type: "ready" });
