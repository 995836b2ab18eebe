import * as z from "zod/mini";
import type { BackendAttempt, BackendFailure, SearchBackend } from "../backend/search-backend.js";
import { hostedBaseUrl, refuseOption } from "../backend-kit/backend-options.js";
import {
  type CredentialMinting,
  defaultLifetimeSeconds,
  mintingGrant,
} from "../backend-kit/credential-minting.js";
import { documentOf, tooManySections } from "../backend-kit/document-size.js";
import { type HttpEdges, httpEdgesOf } from "../backend-kit/http-edges.js";
import { isFailure } from "../backend-kit/malformed.js";
import { pageOf } from "../backend-kit/page-end.js";
import { collectionSegment } from "../backend-kit/path-segment.js";
import { readAnswer } from "../backend-kit/read-answer.js";
import { readErrorBody } from "../backend-kit/read-wire.js";
import { type RecordLayoutOptions, recordLayout } from "../backend-kit/record-layout.js";
import { type HttpAnswer, sendRequest } from "../backend-kit/send-request.js";
import { signingKeyOf } from "../backend-kit/signing-key.js";
import { annotateOperation } from "../backend-kit/span-attributes.js";
import { httpStatusFailure } from "../backend-kit/status-table.js";
import {
  embeddedParametersJson,
  scopedSearchKey,
  type TypesenseRestrictions,
} from "./scoped-search-key.js";
import { type TypesenseSemanticOptions, typesenseSemantic } from "./typesense-semantic.js";
import { typesenseErrorTable } from "./typesense-status-table.js";

export interface TypesenseBackendOptions extends RecordLayoutOptions, HttpEdges {
  /** The node's (or load balancer's) address; every request goes to this origin and path only. */
  url: string;
  /**
   * Mint each user's scoped search key per call from `parentKey` (a key whose only action is
   * `documents:search`). Without it, the caller's `token` is sent as `X-TYPESENSE-API-KEY` (a
   * search key or a scoped key your app derived), or its `headers` as given.
   */
  mint?: CredentialMinting<TypesenseRestrictions>;
  /** Tokens either side of the match in a hit's passage (`highlight_affix_num_tokens`). Default 15. */
  passageAffixTokens?: number;
  /** Vector or hybrid search on the collection's embedding field (typesense-semantic.ts). */
  semantic?: TypesenseSemanticOptions;
}

const backendName = "typesenseBackend";
const errorBodyBytes = 4 * 1024;
// Typesense refuses per_page above 250 with 422.
const perPageLimit = 250;

const searchResponseSchema = z.object({
  found: z.number(),
  hits: z.array(
    z.object({
      document: z.record(z.string(), z.unknown()),
      highlight: z.optional(z.record(z.string(), z.unknown())),
      highlights: z.optional(
        z.array(z.object({ field: z.string(), snippet: z.optional(z.string()) })),
      ),
      text_match: z.optional(z.number()),
    }),
  ),
});
const errorBodySchema = z.object({ message: z.optional(z.string()) });

/**
 * Typesense (its DocSearch fork's records or section records) over `fetch`, through core's one
 * HTTP sender: `GET /collections/{name}/documents/search` with the caller's key or a scoped
 * search key minted per call. Runs wherever `fetch` and Web Crypto do.
 */
export function typesenseBackend(options: TypesenseBackendOptions): SearchBackend {
  const base = hostedBaseUrl(backendName, "url", options.url);
  const layout = recordLayout(backendName, options);
  const affix = options.passageAffixTokens ?? 15;
  if (!Number.isInteger(affix) || affix < 2 || affix > 150) {
    refuseOption(
      backendName,
      "passageAffixTokens",
      "passageAffixTokens must be a whole number from 2 to 150",
    );
  }
  const mint = options.mint;
  const { parentKey, lifetimeSeconds, signingKey } = signingKeyOf(
    backendName,
    mint,
    defaultLifetimeSeconds,
  );
  const { fetch, clock } = httpEdgesOf(options);
  const searchTemplate = `${base.pathname}/collections/{collection}/documents/search`;
  const semantic = typesenseSemantic(backendName, options.semantic, { ...base, fetch });

  async function credentials(
    attempt: BackendAttempt,
  ): Promise<Record<string, string> | BackendFailure> {
    if (mint === undefined || parentKey === undefined) {
      const caller = attempt.caller;
      return "token" in caller ? { "x-typesense-api-key": caller.token } : { ...caller.headers };
    }
    const grant = await mintingGrant(mint, attempt.caller, {
      lifetimeSeconds,
      clock,
      expiryOf: (given) => given.expires_at,
    });
    if (isFailure(grant)) return grant;
    const key = await scopedSearchKey(
      parentKey,
      embeddedParametersJson({ ...grant.restrictions, expires_at: grant.expiresAt }),
      await signingKey(),
    );
    return { "x-typesense-api-key": key };
  }

  /** One search request; the credential goes in a header, never in the URL (which is traced). */
  async function search(
    collection: string,
    parameters: URLSearchParams,
    headers: Record<string, string>,
    attempt: BackendAttempt,
  ): Promise<HttpAnswer | BackendFailure> {
    const segment = collectionSegment(collection, "a collection name");
    if (isFailure(segment)) return segment;
    return sendRequest(
      {
        method: "GET",
        url: `${base.origin}${base.pathname}/collections/${segment}/documents/search?${parameters}`,
        headers,
        urlTemplate: searchTemplate,
      },
      attempt,
      { fetch, errorBodyBytes },
    );
  }

  function annotate(
    attempt: BackendAttempt,
    collection: string,
    operation: "search" | "get_document",
  ) {
    annotateOperation(attempt, { system: "typesense", collection, operation });
  }

  function errorOf(answer: HttpAnswer): BackendFailure {
    const message = readErrorBody(answer.text, errorBodySchema)?.message;
    return httpStatusFailure(typesenseErrorTable, answer, { message, epochMs: clock.epochMs() });
  }

  return {
    specificationVersion: "v1",
    name: "typesense",

    async searchPage(request, attempt) {
      const page = pageNumberOf(request.continuation);
      if (page === undefined) {
        return { kind: "failed", cause: "rejected", reason: "continuation is not a page number" };
      }
      const perPage = Math.min(request.pageSize, attempt.limits.pageItems, perPageLimit);
      const headers = await credentials(attempt);
      if (isFailure(headers)) return headers;
      annotate(attempt, request.collectionId, "search");
      const parameters = new URLSearchParams({
        // "*" alone is Typesense's match-everything; the user's words are searched as text.
        q: request.query,
        query_by: layout.searchedFields.join(","),
        page: String(page),
        per_page: String(perPage),
        include_fields: layout.retrievedFields.join(","),
        highlight_fields: layout.passageField,
        highlight_affix_num_tokens: String(affix),
        highlight_start_tag: "",
        highlight_end_tag: "",
        exhaustive_search: "false",
      });
      const answer = await (semantic === undefined
        ? search(request.collectionId, parameters, headers, attempt)
        : semantic.search(request.collectionId, request.query, parameters, headers, attempt));
      const response = readAnswer(answer, searchResponseSchema, errorOf);
      if (isFailure(response)) return response;
      const offset = (page - 1) * perPage;
      return pageOf(response.hits, {
        asked: perPage,
        first: page === 1,
        readHit: (raw, rank) =>
          layout.readHit(
            raw.document,
            passageOf(raw, layout.passageField),
            raw.text_match ?? 1 / (offset + rank + 1),
          ),
        more: response.found > offset + response.hits.length,
        next: String(page + 1),
      });
    },

    async getDocument(request, attempt) {
      if (request.documentId.includes("`")) return { kind: "not_found" };
      const headers = await credentials(attempt);
      if (isFailure(headers)) return headers;
      annotate(attempt, request.collectionId, "get_document");
      const sectionLimit = attempt.limits.documentSections;
      const records: Array<Readonly<Record<string, unknown>>> = [];
      // per_page is at most 250: a longer document is read page by page within this attempt,
      // and `found` on the first page says at once whether it is over the limit.
      for (let page = 1; ; page++) {
        const parameters = new URLSearchParams({
          q: "*",
          // The document field must be an indexed field of the collection's schema.
          filter_by: `${layout.documentField}:=\`${request.documentId}\``,
          page: String(page),
          per_page: String(perPageLimit),
          include_fields: layout.retrievedFields.join(","),
        });
        const answer = await search(request.collectionId, parameters, headers, attempt);
        const response = readAnswer(answer, searchResponseSchema, errorOf);
        if (isFailure(response)) return response;
        if (response.found > sectionLimit) return tooManySections(sectionLimit);
        for (const hit of response.hits) records.push(hit.document);
        if (response.hits.length < perPageLimit || records.length >= response.found) break;
      }
      return documentOf(records, sectionLimit, layout.readDocument);
    },
  };
}

function pageNumberOf(continuation: string | undefined): number | undefined {
  if (continuation === undefined) return 1;
  if (!/^\d{1,6}$/.test(continuation)) return undefined;
  const page = Number(continuation);
  return page >= 2 ? page : undefined;
}

function passageOf(
  hit: {
    highlight?: Record<string, unknown> | undefined;
    highlights?: Array<{ field: string; snippet?: string | undefined }> | undefined;
  },
  field: string,
): string {
  const entry = hit.highlight?.[field];
  if (typeof entry === "object" && entry !== null) {
    const snippet = (entry as Record<string, unknown>).snippet;
    if (typeof snippet === "string") return snippet;
  }
  return hit.highlights?.find((highlight) => highlight.field === field)?.snippet ?? "";
}
