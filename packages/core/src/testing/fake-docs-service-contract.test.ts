import { afterAll, beforeAll, describe, it } from "vitest";
import { v2Backend } from "../v2/v2-backend.js";
import { backendContract } from "./backend-contract.js";
import { contractDocuments } from "./contract-documents.js";
import type { CorpusDocument } from "./corpus-document.js";
import type { FakeDocsService } from "./fake-docs-service.js";
import { startFakeDocsService } from "./start-fake-docs-service.js";

// The v2 API as the fake docs service serves it, read through v2Backend, held to the same
// contract as every other backend. v2 answers an unknown collection with 404, its "nothing
// matched", so there is no missingCollectionId to give; per-caller access is the service's ACL.

const token = "contract-reader-token-3b8f";
let service: FakeDocsService;

beforeAll(async () => {
  const corpus: CorpusDocument[] = contractDocuments().flatMap((document) =>
    (["handbook", "vault"] as const).map((area) => ({
      id: area === "handbook" ? document.key : `${area}-${document.key}`,
      area,
      slug: document.slug,
      title: document.title,
      updated: document.updated,
      sections: document.sections.map((section) => ({
        heading: section.heading,
        text: section.body,
      })),
    })),
  );
  service = await startFakeDocsService({ corpus, acl: { [token]: { deny: ["vault"] } } });
});
afterAll(() => service.close());

describe("v2Backend over the fake docs service: the backend contract", () => {
  for (const check of backendContract(async () => ({
    backend: v2Backend({ baseUrl: service.url }),
    collectionId: service.areas.handbook?.[0] ?? "",
    caller: { token },
    forbiddenCollectionId: service.areas.vault?.[0] ?? "",
  }))) {
    it(check.name, check.run);
  }
});
