import { fileURLToPath } from "node:url";
import { type CorpusDocument, loadCorpus } from "@search-docs/core/testing";

/** The sample corpus the fake service serves by default (copied into core's dist by its build). */
export function sampleCorpusPath(): string {
  return fileURLToPath(
    new URL("./corpus/sample-corpus.jsonl", import.meta.resolve("@search-docs/core/testing")),
  );
}

/** The corpus by document id, to check the golds of a query set against it. */
export function loadBenchCorpus(path: string | undefined): Map<string, CorpusDocument> {
  const documents = loadCorpus(path ?? sampleCorpusPath());
  return new Map(documents.map((document) => [document.id, document]));
}
