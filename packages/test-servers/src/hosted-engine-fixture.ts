import type { FakeHostedEngine, HostedRecord, InjectedFault } from "./fake-hosted-engine.js";
import { docSearchRecordsOf, type SourceDocument } from "./hosted-contract-records.js";
import { startFakeAlgolia } from "./start-fake-algolia.js";
import { startFakeMeilisearch } from "./start-fake-meilisearch.js";
import { startFakeTypesense } from "./start-fake-typesense.js";

// One hosted engine, faked, loaded with the contract's corpus as DocSearch records in that
// engine's spelling, two teams' pages in one index; its backend two ways (the caller's plain
// search key, or keys minted per call that filter to the caller's team); a hand-written fetch
// of the backend's search request, for the bench; and the engine's fault rows, for fault mixes.
// The caller brings the backends and the documents (core's `algoliaBackend`…, its
// `contractDocuments()`): this package knows the engines' wire, not core.

export type HostedEngineName = "algolia" | "meilisearch" | "typesense";

/** A caller as the backends receive it (core's `Caller`). */
export type FixtureCaller = { token: string } | { headers: Record<string, string> };

interface Minting<Restrictions> {
  parentKey: string;
  restrictionsFor(caller: FixtureCaller): Restrictions | undefined;
}

/** Core's three hosted backend factories, as the fixture calls them. */
export interface HostedBackendFactories<Backend> {
  algolia(options: {
    appId: string;
    hosts: readonly string[];
    mint?: Minting<{ filters: string }>;
  }): Backend;
  meilisearch(options: {
    url: string;
    mint?: Minting<{ searchRules: Record<string, { filter: string }> }> & { apiKeyUid: string };
  }): Backend;
  typesense(options: { url: string; mint?: Minting<{ filter_by: string }> }): Backend;
}

export interface HostedEngineFixtureOptions<Backend> {
  backends: HostedBackendFactories<Backend>;
  /** Core's `contractDocuments()`: loaded as two teams' pages, alternating. */
  documents: readonly SourceDocument[];
}

export interface HostedEngineFixture<Backend = unknown> {
  engine: HostedEngineName;
  fake: FakeHostedEngine;
  records: readonly HostedRecord[];
  /** The index (collection) holding the records. */
  index: string;
  /** A plain search key that reads `index` whole. */
  plainKey: string;
  /** Caller tokens whose minted keys filter to a team: alice → platform, bob → support. */
  backends: { plain: Backend; minted: Backend };
  /** The backend's page-one search request, written by hand with `fetch`; resolves to the parsed body. */
  handSearch(query: string, pageSize: number): Promise<unknown>;
  /** Each status-table row that is a transient condition, as the engine would send it. */
  faults: readonly InjectedFault[];
  close(): Promise<void>;
}

export const teamOfSession: Readonly<Record<string, string>> = {
  "alice-session": "platform",
  "bob-session": "support",
};

const parentKey = "fixtureParentSearchKey";
const plainKey = "fixturePlainSearchKey";
const apiKeyUid = "74c9c733-3368-4738-bbe5-1d18cb4d8ed8";

function teamRecords(
  documents: readonly SourceDocument[],
  style: "nested" | "underscored" | "dotted",
): HostedRecord[] {
  return docSearchRecordsOf(documents, style, (document) => ({
    team: documents.indexOf(document) % 2 === 0 ? "platform" : "support",
  }));
}

const team = (caller: FixtureCaller) =>
  "token" in caller ? teamOfSession[caller.token] : undefined;

export async function startHostedEngineFixture<Backend>(
  engine: HostedEngineName,
  { backends: factories, documents }: HostedEngineFixtureOptions<Backend>,
): Promise<HostedEngineFixture<Backend>> {
  const index = "docs";
  if (engine === "algolia") {
    const records = teamRecords(documents, "nested");
    const fake = await startFakeAlgolia({
      appId: "BENCH",
      indices: { [index]: records },
      keys: { [parentKey]: { indices: "*" }, [plainKey]: { indices: "*" } },
      searchableAttributes: ["hierarchy.lvl0", "hierarchy.lvl1", "hierarchy.lvl2", "content"],
      attributesForFaceting: ["url_without_anchor", "team"],
    });
    const hosts = fake.urls;
    return {
      engine,
      fake,
      records,
      index,
      plainKey,
      backends: {
        plain: factories.algolia({ appId: "BENCH", hosts }),
        minted: factories.algolia({
          appId: "BENCH",
          hosts,
          mint: {
            parentKey,
            restrictionsFor: (caller) => {
              const name = team(caller);
              return name === undefined ? undefined : { filters: `team:${name}` };
            },
          },
        }),
      },
      async handSearch(query, pageSize) {
        const response = await fetch(`${hosts[0]}/1/indexes/${index}/query`, {
          method: "POST",
          headers: {
            "content-type": "application/json",
            "x-algolia-application-id": "BENCH",
            "x-algolia-api-key": plainKey,
          },
          body: JSON.stringify({
            query,
            offset: 0,
            length: pageSize,
            advancedSyntax: false,
            attributesToRetrieve: [
              "hierarchy.lvl0",
              "hierarchy.lvl1",
              "hierarchy.lvl2",
              "hierarchy.lvl3",
              "hierarchy.lvl4",
              "hierarchy.lvl5",
              "hierarchy.lvl6",
              "content",
              "url",
              "anchor",
              "url_without_anchor",
              "weight.position",
              "updated_at",
            ],
            attributesToSnippet: ["content:40"],
            attributesToHighlight: [],
            highlightPreTag: "",
            highlightPostTag: "",
            snippetEllipsisText: "…",
            analytics: false,
            clickAnalytics: false,
          }),
        });
        return response.json();
      },
      faults: [
        { status: 429, body: { message: "Too many requests", status: 429 } },
        { status: 500, body: { message: "Internal error", status: 500 } },
        { status: 503, body: { message: "Service Unavailable", status: 503 } },
        { reset: true },
      ],
      close: () => fake.close(),
    };
  }
  if (engine === "meilisearch") {
    const records = teamRecords(documents, "underscored");
    const fake = await startFakeMeilisearch({
      indexes: { [index]: records },
      keys: [
        { key: parentKey, uid: apiKeyUid, indexes: ["*"] },
        { key: plainKey, uid: "plain", indexes: ["*"] },
      ],
      searchableAttributes: ["hierarchy_lvl0", "hierarchy_lvl1", "hierarchy_lvl2", "content"],
      filterableAttributes: ["url_without_anchor", "team"],
    });
    const url = fake.urls[0] ?? "";
    return {
      engine,
      fake,
      records,
      index,
      plainKey,
      backends: {
        plain: factories.meilisearch({ url }),
        minted: factories.meilisearch({
          url,
          mint: {
            parentKey,
            apiKeyUid,
            restrictionsFor: (caller) => {
              const name = team(caller);
              return name === undefined
                ? undefined
                : { searchRules: { "*": { filter: `team = ${name}` } } };
            },
          },
        }),
      },
      async handSearch(query, pageSize) {
        const response = await fetch(`${url}/indexes/${index}/search`, {
          method: "POST",
          headers: { "content-type": "application/json", authorization: `Bearer ${plainKey}` },
          body: JSON.stringify({
            q: query,
            offset: 0,
            limit: pageSize,
            attributesToRetrieve: [
              "hierarchy_lvl0",
              "hierarchy_lvl1",
              "hierarchy_lvl2",
              "hierarchy_lvl3",
              "hierarchy_lvl4",
              "hierarchy_lvl5",
              "hierarchy_lvl6",
              "content",
              "url",
              "anchor",
              "url_without_anchor",
              "position",
              "updated_at",
            ],
            attributesToCrop: ["content"],
            cropLength: 40,
            cropMarker: "…",
            showRankingScore: true,
          }),
        });
        return response.json();
      },
      faults: [
        {
          status: 503,
          body: {
            message: "Too many search requests running at the same time: 1000. Retry after 10s.",
            code: "too_many_search_requests",
            type: "system",
            link: "",
          },
          headers: { "retry-after": "0" },
        },
        {
          status: 500,
          body: { message: "internal", code: "internal", type: "internal", link: "" },
        },
        { reset: true },
      ],
      close: () => fake.close(),
    };
  }
  const records = teamRecords(documents, "dotted");
  const fields = [
    "hierarchy.lvl0",
    "hierarchy.lvl1",
    "hierarchy.lvl2",
    "hierarchy.lvl3",
    "hierarchy.lvl4",
    "hierarchy.lvl5",
    "hierarchy.lvl6",
    "content",
    "url_without_anchor",
    "team",
  ];
  const fake = await startFakeTypesense({
    collections: { [index]: records },
    keys: { [parentKey]: { collections: ["*"] }, [plainKey]: { collections: ["*"] } },
    fields,
  });
  const url = fake.urls[0] ?? "";
  return {
    engine,
    fake,
    records,
    index,
    plainKey,
    backends: {
      plain: factories.typesense({ url }),
      minted: factories.typesense({
        url,
        mint: {
          parentKey,
          restrictionsFor: (caller) => {
            const name = team(caller);
            return name === undefined ? undefined : { filter_by: `team:=${name}` };
          },
        },
      }),
    },
    async handSearch(query, pageSize) {
      const parameters = new URLSearchParams({
        q: query,
        query_by: fields.slice(0, 8).join(","),
        page: "1",
        per_page: String(pageSize),
        include_fields:
          "hierarchy.lvl0,hierarchy.lvl1,hierarchy.lvl2,hierarchy.lvl3,hierarchy.lvl4,hierarchy.lvl5,hierarchy.lvl6,content,url,anchor,url_without_anchor,weight.position,updated_at",
        highlight_fields: "content",
        highlight_affix_num_tokens: "15",
        highlight_start_tag: "",
        highlight_end_tag: "",
        exhaustive_search: "false",
      });
      const response = await fetch(`${url}/collections/${index}/documents/search?${parameters}`, {
        headers: { "x-typesense-api-key": plainKey },
      });
      return response.json();
    },
    faults: [
      { status: 503, body: { message: "Not Ready or Lagging" } },
      { status: 429, body: { message: "Rate limit exceeded or blocked" } },
      { status: 500, body: { message: "Internal Server Error" } },
      { reset: true },
    ],
    close: () => fake.close(),
  };
}
