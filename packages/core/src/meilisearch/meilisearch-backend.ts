import * as z from "zod/mini";
import type { BackendAttempt, BackendFailure, SearchBackend } from "../backend/search-backend.js";
import { hostedBaseUrl, refuseOption } from "../backend-kit/backend-options.js";
import {
  type CredentialMinting,
  defaultLifetimeSeconds,
} from "../backend-kit/credential-minting.js";
import { documentOf, sectionsToAsk } from "../backend-kit/document-size.js";
import { type HttpEdges, httpEdgesOf } from "../backend-kit/http-edges.js";
import { isFailure } from "../backend-kit/malformed.js";
import { nextOffset, offsetPage } from "../backend-kit/offset-continuation.js";
import { pageOf } from "../backend-kit/page-end.js";
import { collectionSegment } from "../backend-kit/path-segment.js";
import { readAnswer } from "../backend-kit/read-answer.js";
import { stringAt } from "../backend-kit/read-record.js";
import { readErrorBody } from "../backend-kit/read-wire.js";
import { type RecordLayoutOptions, recordLayout } from "../backend-kit/record-layout.js";
import { type HttpAnswer, sendRequest } from "../backend-kit/send-request.js";
import { signingKeyOf } from "../backend-kit/signing-key.js";
import { annotateOperation } from "../backend-kit/span-attributes.js";
import { failureWith, httpStatusFailure, statusRow } from "../backend-kit/status-table.js";
import { callerTokenMeaning, meilisearchCredentials } from "./meilisearch-credentials.js";
import { type MeilisearchSemanticOptions, meilisearchHybrid } from "./meilisearch-hybrid.js";
import { meilisearchErrorTable } from "./meilisearch-status-table.js";
import type { MeilisearchRestrictions } from "./tenant-token.js";

export interface MeilisearchBackendOptions extends RecordLayoutOptions, HttpEdges {
  /** The instance's address; every request goes to this origin and path only. */
  url: string;
  /**
   * Mint each user's tenant token per call, signed with `parentKey` (a search key, never the
   * master key) and naming it by `apiKeyUid`. Without it, the caller's `token` is sent as the
   * Bearer key (a search key or a tenant token your app minted), or its `headers` as given.
   */
  mint?: CredentialMinting<MeilisearchRestrictions> & { apiKeyUid: string };
  /** Words of the passage a hit carries (`cropLength`). Default 40. */
  passageWords?: number;
  /** The index's `pagination.maxTotalHits` (1,000 by default): no request reads past it. */
  maxTotalHits?: number;
  /** Hybrid search with the index's embedder (meilisearch-hybrid.ts); keyword only without it. */
  semantic?: MeilisearchSemanticOptions;
}

const backendName = "meilisearchBackend";
const errorBodyBytes = 4 * 1024;

const searchResponseSchema = z.object({
  hits: z.array(z.record(z.string(), z.unknown())),
  estimatedTotalHits: z.optional(z.number()),
  totalHits: z.optional(z.number()),
});
const errorBodySchema = z.object({ code: z.optional(z.string()) });

const unauthorized: BackendFailure = { kind: "unauthorized" };
const mintedTokenRefused =
  "invalid_api_key (a minted token refused: expired on the engine's clock, or its parent key or uid)";

/**
 * Meilisearch (docs-scraper or section records) over `fetch`, through core's one HTTP sender:
 * `POST /indexes/{uid}/search` with the caller's key or a tenant token minted per call. Runs
 * wherever `fetch` and Web Crypto do.
 */
export function meilisearchBackend(options: MeilisearchBackendOptions): SearchBackend {
  const base = hostedBaseUrl(backendName, "url", options.url);
  const layout = recordLayout(
    backendName,
    (options.records ?? "docsearch") === "docsearch"
      ? {
          ...options,
          // docs-scraper flattens the hierarchy (`hierarchy_lvl0`) and the weights (`position`).
          docsearchFields: {
            hierarchyPrefix: "hierarchy_",
            position: "position",
            ...options.docsearchFields,
          },
        }
      : options,
  );
  const passageWords = options.passageWords ?? 40;
  if (!Number.isInteger(passageWords) || passageWords < 5 || passageWords > 300) {
    refuseOption(backendName, "passageWords", "passageWords must be a whole number from 5 to 300");
  }
  const maxTotalHits = options.maxTotalHits ?? 1000;
  if (!Number.isInteger(maxTotalHits) || maxTotalHits < 1) {
    refuseOption(backendName, "maxTotalHits", "maxTotalHits must be a whole number of at least 1");
  }
  const mint = options.mint;
  const signing = signingKeyOf(backendName, mint, defaultLifetimeSeconds);
  if (mint !== undefined && (typeof mint.apiKeyUid !== "string" || mint.apiKeyUid.trim() === "")) {
    refuseOption(backendName, "mint.apiKeyUid", "mint.apiKeyUid must be the parent key's uid");
  }
  const { fetch, clock } = httpEdgesOf(options);
  const searchTemplate = `${base.pathname}/indexes/{index_uid}/search`;
  const credentials = meilisearchCredentials(mint, signing, clock);
  const hybridFields = meilisearchHybrid(backendName, options.semantic);

  async function search(
    index: string,
    body: Record<string, unknown>,
    attempt: BackendAttempt,
    operation: "search" | "get_document",
  ): Promise<{ answer: HttpAnswer; minted: boolean } | BackendFailure> {
    const segment = collectionSegment(index, "an index uid");
    if (isFailure(segment)) return segment;
    const credential = await credentials(attempt, index);
    if (isFailure(credential)) return credential;
    annotateOperation(attempt, { system: "meilisearch", collection: index, operation });
    const answer = await sendRequest(
      {
        method: "POST",
        url: `${base.origin}${base.pathname}/indexes/${segment}/search`,
        headers: credential.headers,
        body: JSON.stringify(body),
        urlTemplate: searchTemplate,
      },
      attempt,
      { fetch, errorBodyBytes },
    );
    if (isFailure(answer)) return answer;
    return { answer, minted: credential.minted };
  }

  function errorOf(
    answer: HttpAnswer,
    minted: boolean,
    index: string,
    attempt: BackendAttempt,
  ): BackendFailure {
    const code = readErrorBody(answer.text, errorBodySchema)?.code;
    const epochMs = clock.epochMs();
    if (answer.status === 403 && minted) {
      const meaning = statusRow(meilisearchErrorTable, 403, { code })?.meaning ?? unauthorized;
      return failureWith(meaning, `HTTP 403 ${mintedTokenRefused}`, undefined);
    }
    if (answer.status === 403 && code === "invalid_api_key") {
      const meaning = callerTokenMeaning(attempt, index, epochMs);
      if (meaning !== undefined) return failureWith(meaning, `HTTP 403 ${code}`, undefined);
    }
    return httpStatusFailure(meilisearchErrorTable, answer, { code, epochMs });
  }

  return {
    specificationVersion: "v1",
    name: "meilisearch",

    async searchPage(request, attempt) {
      const start = offsetPage(request, attempt, maxTotalHits);
      if (isFailure(start)) return start;
      const { offset, size: limit } = start;
      const hybrid = await hybridFields(request.query, attempt);
      if (isFailure(hybrid)) return hybrid;
      const sent = await search(
        request.collectionId,
        {
          ...hybrid,
          q: request.query,
          offset,
          limit,
          attributesToRetrieve: layout.retrievedFields,
          attributesToCrop: [layout.passageField],
          cropLength: passageWords,
          cropMarker: "…",
          showRankingScore: true,
        },
        attempt,
        "search",
      );
      if (isFailure(sent)) return sent;
      const response = readAnswer(sent.answer, searchResponseSchema, (answer) =>
        errorOf(answer, sent.minted, request.collectionId, attempt),
      );
      if (isFailure(response)) return response;
      const count = response.hits.length;
      const total = response.totalHits ?? response.estimatedTotalHits;
      return pageOf(response.hits, {
        asked: limit,
        first: offset === 0,
        readHit: (record, rank) => {
          const rankingScore = record._rankingScore;
          const score = typeof rankingScore === "number" ? rankingScore : 1 / (offset + rank + 1);
          // The passage is Meilisearch's cropped field: _formatted.<field>.
          return layout.readHit(
            record,
            stringAt(record, ["_formatted", layout.passageField]),
            score,
          );
        },
        // estimatedTotalHits is an estimate: a short page ends the walk whatever it says.
        more: count === limit && (total === undefined || total > offset + count),
        next: nextOffset(offset, count, maxTotalHits),
      });
    },

    async getDocument(request, attempt) {
      const asked = sectionsToAsk(attempt.limits.documentSections, maxTotalHits);
      const sent = await search(
        request.collectionId,
        {
          q: "",
          // The document field must be in the index's filterableAttributes.
          filter: `${layout.documentField} = "${request.documentId.replace(/\\/g, "\\\\").replace(/"/g, '\\"')}"`,
          offset: 0,
          limit: asked,
          attributesToRetrieve: layout.retrievedFields,
        },
        attempt,
        "get_document",
      );
      if (isFailure(sent)) return sent;
      const response = readAnswer(sent.answer, searchResponseSchema, (answer) =>
        errorOf(answer, sent.minted, request.collectionId, attempt),
      );
      if (isFailure(response)) return response;
      return documentOf(response.hits, asked - 1, layout.readDocument);
    },
  };
}
