import * as z from "zod/mini";
import type { BackendAttempt, BackendFailure, SearchBackend } from "../backend/search-backend.js";
import { refuseOption } from "../backend-kit/backend-options.js";
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
import { httpStatusFailure, statusRow } from "../backend-kit/status-table.js";
import { algoliaCredentials } from "./algolia-credentials.js";
import { algoliaHosts } from "./algolia-hosts.js";
import { algoliaErrorTable, parentKeyRefusedRow } from "./algolia-status-table.js";
import type { AlgoliaRestrictions } from "./secured-api-key.js";

export interface AlgoliaBackendOptions extends RecordLayoutOptions, HttpEdges {
  /** The application id (`X-Algolia-Application-Id`): names the hosts too. */
  appId: string;
  /**
   * Where to read, in order: by default `https://{appId}-dsn.algolia.net`, then
   * `https://{appId}-1.algolianet.com`, `-2`, `-3`. A failed attempt on one moves the next
   * attempt to the next host (core still owns the retry and its budget).
   */
  hosts?: readonly string[];
  /**
   * Mint each user's secured API key from `parentKey` per call. Without it, the caller's
   * `token` is the Algolia key to send (a search-only key, or a secured key your app derived),
   * or its `headers` are sent as given (`x-algolia-api-key`).
   */
  mint?: CredentialMinting<AlgoliaRestrictions>;
  /** Words of the passage a hit carries (`attributesToSnippet: content:N`). Default 40. */
  passageWords?: number;
  /** The index's `paginationLimitedTo` (1,000 by default): no request reads past it. */
  paginationLimitedTo?: number;
}

const backendName = "algoliaBackend";
const errorBodyBytes = 4 * 1024;
const searchTemplate = "/1/indexes/{indexName}/query";

const searchResponseSchema = z.object({
  hits: z.array(z.record(z.string(), z.unknown())),
  nbHits: z.optional(z.number()),
});
const errorBodySchema = z.object({ message: z.optional(z.string()) });

/**
 * Algolia (DocSearch indices or DESIGN section 2 records) over `fetch`, through core's one HTTP
 * sender: `POST /1/indexes/{index}/query` on the DSN host, then the fallbacks, with the caller's
 * key or a secured API key minted per call from the parent key. No official client (it retries
 * on its own, against core's budget). Runs wherever `fetch` and Web Crypto do.
 */
export function algoliaBackend(options: AlgoliaBackendOptions): SearchBackend {
  const appId = options.appId;
  if (typeof appId !== "string" || !/^[A-Za-z0-9]{1,64}$/.test(appId)) {
    refuseOption(backendName, "appId", "appId must be the application id (letters and digits)");
  }
  const { fetch, clock } = httpEdgesOf(options);
  const {
    hosts,
    current: currentHost,
    moveOn,
  } = algoliaHosts(backendName, appId, options.hosts, clock);
  const layout = recordLayout(backendName, options);
  const passageWords = options.passageWords ?? 40;
  if (!Number.isInteger(passageWords) || passageWords < 5 || passageWords > 300) {
    refuseOption(backendName, "passageWords", "passageWords must be a whole number from 5 to 300");
  }
  const paginationLimit = options.paginationLimitedTo ?? 1000;
  if (!Number.isInteger(paginationLimit) || paginationLimit < 1) {
    refuseOption(
      backendName,
      "paginationLimitedTo",
      "paginationLimitedTo must be a whole number of at least 1",
    );
  }
  const mint = options.mint;
  const credentials = algoliaCredentials(
    appId,
    mint,
    signingKeyOf(backendName, mint, defaultLifetimeSeconds),
    clock,
  );

  async function query(
    index: string,
    body: Record<string, unknown>,
    attempt: BackendAttempt,
    operation: "search" | "get_document",
  ): Promise<HttpAnswer | BackendFailure> {
    const segment = collectionSegment(index, "an index name");
    if (isFailure(segment)) return segment;
    const headers = await credentials(attempt, index);
    if (isFailure(headers)) return headers;
    const at = currentHost();
    const host = hosts[at] ?? hosts[0];
    if (host === undefined) return { kind: "failed", cause: "misconfigured", reason: "no host" };
    annotateOperation(attempt, {
      system: "algolia",
      collection: index,
      operation,
      extra: { "server.address": new URL(host.origin).hostname },
    });
    let answer: HttpAnswer | BackendFailure;
    try {
      answer = await sendRequest(
        {
          method: "POST",
          url: `${host.origin}${host.pathname}/1/indexes/${segment}/query`,
          headers,
          body: JSON.stringify(body),
          urlTemplate: host.pathname + searchTemplate,
        },
        attempt,
        { fetch, errorBodyBytes },
      );
    } catch (error) {
      // Timed out or aborted on this host: the next attempt tries the next one.
      moveOn(at);
      throw error;
    }
    if (isFailure(answer)) {
      if (answer.kind === "transient") moveOn(at);
      return answer;
    }
    if (answer.status >= 500) moveOn(at);
    return answer;
  }

  function errorOf(answer: HttpAnswer): BackendFailure {
    const detail = { message: readErrorBody(answer.text, errorBodySchema)?.message };
    const refused =
      statusRow(algoliaErrorTable, answer.status, detail)?.meaning.kind === "forbidden";
    // A minted key's restrictIndices allow this index (checked before sending): a refusal is then
    // the parent key's own index list, the app's configuration, not this user.
    const table = refused && mint !== undefined ? [parentKeyRefusedRow] : algoliaErrorTable;
    return httpStatusFailure(table, answer, { ...detail, epochMs: clock.epochMs() });
  }

  return {
    specificationVersion: "v1",
    name: "algolia",

    async searchPage(request, attempt) {
      const start = offsetPage(request, attempt, paginationLimit);
      if (isFailure(start)) return start;
      const { offset } = start;
      // `length` is at most 1,000 whatever paginationLimitedTo says (its API reference).
      const length = Math.min(start.size, 1000);
      const answer = await query(
        request.collectionId,
        {
          query: request.query,
          offset,
          length,
          // The user's words are text: no quotes-as-phrases, no minus-as-exclusion.
          advancedSyntax: false,
          attributesToRetrieve: layout.retrievedFields,
          attributesToSnippet: [`${layout.passageField}:${passageWords}`],
          attributesToHighlight: [],
          highlightPreTag: "",
          highlightPostTag: "",
          snippetEllipsisText: "…",
          analytics: false,
          clickAnalytics: false,
        },
        attempt,
        "search",
      );
      const response = readAnswer(answer, searchResponseSchema, errorOf);
      if (isFailure(response)) return response;
      const count = response.hits.length;
      return pageOf(response.hits, {
        asked: length,
        first: offset === 0,
        // The passage is Algolia's snippet of its field: _snippetResult.<field>.value.
        readHit: (record, rank) =>
          layout.readHit(
            record,
            stringAt(record, ["_snippetResult", layout.passageField, "value"]),
            1 / (offset + rank + 1),
          ),
        more: response.nbHits === undefined ? count === length : response.nbHits > offset + count,
        next: nextOffset(offset, count, paginationLimit),
      });
    },

    async getDocument(request, attempt) {
      // One more section than the limit is asked for, so a longer document is known, never cut.
      const asked = sectionsToAsk(attempt.limits.documentSections, Math.min(paginationLimit, 1000));
      const answer = await query(
        request.collectionId,
        {
          query: "",
          // The document field must be in attributesForFaceting (filterOnly is enough).
          filters: `${layout.documentField}:"${request.documentId.replace(/\\/g, "\\\\").replace(/"/g, '\\"')}"`,
          offset: 0,
          length: asked,
          // DocSearch indices set distinct on the URL: a document needs every record.
          distinct: false,
          attributesToRetrieve: layout.retrievedFields,
          attributesToSnippet: [],
          attributesToHighlight: [],
          analytics: false,
        },
        attempt,
        "get_document",
      );
      const response = readAnswer(answer, searchResponseSchema, errorOf);
      if (isFailure(response)) return response;
      return documentOf(response.hits, asked - 1, layout.readDocument);
    },
  };
}
