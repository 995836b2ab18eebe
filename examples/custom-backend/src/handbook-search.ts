import { createDocsSearch } from "@search-docs/core";
import { tinyEngineBackend } from "./tiny-engine-backend.js";

/** The tools over your backend: its collection ids listed under the areas the model may pick. */
export function handbookSearch(url: string) {
  return createDocsSearch({
    backend: tinyEngineBackend({ url }),
    areas: { runbooks: ["runbooks"], policies: ["policies"] },
  });
}
