import type { Caller } from "../contract/caller.js";
import type { DocsSearch } from "../create-docs-search.js";
import type { CliIo } from "./cli-io.js";
import { printResult } from "./print-result.js";

/** What the command line asks: `get <ref>`, or a search of the words given. */
export interface CliQuestion {
  command: string | undefined;
  /** `get`'s ref, or the query's words. */
  words: readonly string[];
  area?: string | undefined;
  json: boolean;
}

/** One call, printed for a person (or as JSON); resolves to what it answered. */
export async function askOnce(docs: DocsSearch, caller: Caller, question: CliQuestion, io: CliIo) {
  const { command, words, area, json } = question;
  const result =
    command === "get"
      ? await docs.getDocument({ ref: words[0] as string }, { caller })
      : await docs.search(area ? { query: words.join(" "), area } : { query: words.join(" ") }, {
          caller,
        });
  printResult(command === "get" ? "get_document" : "search_docs", result, json, io);
  return result;
}
