import { createDocsSearch } from "@search-docs/core";
import { type Article, arrayBackend } from "./array-backend.js";

/** The tools over your backend: its collection ids listed under the areas the model may pick. */
export function handbookSearch(runbooks: Article[], policies: Article[]) {
  return createDocsSearch({
    backend: arrayBackend({ runbooks, policies }),
    areas: { runbooks: ["runbooks"], policies: ["policies"] },
  });
}
