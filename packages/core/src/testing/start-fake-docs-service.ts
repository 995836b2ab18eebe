import { existsSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import {
  type AccessControlList,
  defaultAccessControlList,
  defaultTokens,
} from "./access-control-list.js";
import { buildCollections, type FakeCollection } from "./build-collections.js";
import { CollectionFaults } from "./collection-faults.js";
import { createRequestHandler, type ServiceState } from "./create-request-handler.js";
import type { FakeDocsService, FakeDocsServiceOptions } from "./fake-docs-service.js";
import { loadCorpus } from "./load-corpus.js";
import { prepareFault } from "./misbehave.js";
import { readCallerToken } from "./read-caller-token.js";
import type { RecordedRequest } from "./recorded-request.js";
import { defaultSectionRanking } from "./section-index.js";
import { createSeededRandom } from "./seeded-random.js";

const sampleCorpus = new URL("./corpus/sample-corpus.jsonl", import.meta.url);

/**
 * Starts a fake docs service on 127.0.0.1 (any free port by default): the sample corpus or
 * yours, split into collections, behind bearer-token access rules, with injectable latency and
 * faults. Close it when done.
 */
export async function startFakeDocsService(
  options: FakeDocsServiceOptions = {},
): Promise<FakeDocsService> {
  const corpus = options.corpus ?? sampleCorpus;
  if (corpus === sampleCorpus && !existsSync(fileURLToPath(corpus))) {
    throw new Error(
      `The sample corpus is missing at ${fileURLToPath(corpus)}; pass options.corpus`,
    );
  }
  const collections = buildCollections(loadCorpus(corpus), options.collectionsPerArea ?? 1, {
    ...defaultSectionRanking,
    ...options.ranking,
  });
  const collectionsById = new Map(collections.map((collection) => [collection.id, collection]));
  const areas: Record<string, string[]> = {};
  for (const collection of collections) {
    areas[collection.area] ??= [];
    areas[collection.area]?.push(collection.id);
  }

  const accessControlList = { ...defaultAccessControlList, ...options.acl };
  checkAccessControlList(options.acl ?? {}, collections);

  const random = createSeededRandom(options.seed ?? 1);
  const faults = new CollectionFaults(random);
  const setFault: FakeDocsService["setFault"] = (collectionId, fault) => {
    if (!collectionsById.has(collectionId)) {
      throw new Error(`No collection ${JSON.stringify(collectionId)} in this fake docs service`);
    }
    faults.set(collectionId, fault);
    if (fault !== undefined) prepareFault(fault);
  };
  for (const [collectionId, fault] of Object.entries(options.faults ?? {})) {
    setFault(collectionId, fault);
  }

  const requests: RecordedRequest[] = [];
  const host = options.host ?? "127.0.0.1";
  // The other origin a cross-origin redirect fault points to: it answers an empty page, so a
  // client that follows redirects gets "no matches" there, and every request is recorded.
  const elsewhere = createServer((request, response) => {
    request.on("error", () => {});
    response.on("error", () => {});
    const token = readCallerToken(request.headers);
    requests.push({
      method: request.method ?? "GET",
      path: request.url?.split("?")[0] ?? "",
      kind: "other",
      ...(token === undefined ? {} : { token }),
      status: 200,
      at: Date.now(),
      durationMs: 0,
      elsewhere: true,
    });
    response.writeHead(200, { "content-type": "application/json" });
    response.end('{"items": [], "has_more": false, "next_cursor": null}');
  });
  const elsewhereUrl = urlOf(host, await listen(elsewhere, 0, host));
  const state: ServiceState = {
    collections: collectionsById,
    accessControlList,
    faults,
    random,
    latency: options.latency,
    elsewhereUrl,
    record: (request) => {
      requests.push(request);
    },
  };

  const server = createServer(createRequestHandler(state));
  const port = await listen(server, options.port ?? 0, host).catch(async (error: unknown) => {
    await closeServer(elsewhere);
    throw error;
  });

  let closing: Promise<void> | undefined;
  return {
    url: urlOf(host, port),
    elsewhereUrl,
    areas,
    tokens: defaultTokens,
    requests,
    setFault,
    clearFaults: () => {
      for (const id of collectionsById.keys()) faults.set(id, undefined);
    },
    setLatency: (model) => {
      state.latency = model;
    },
    clearRequests: () => {
      // Emptied in place, so a reference taken earlier sees the same list.
      requests.length = 0;
    },
    close: () => {
      closing ??= Promise.all([closeServer(server), closeServer(elsewhere)]).then(() => {});
      return closing;
    },
  };
}

function listen(server: Server, port: number, host: string): Promise<number> {
  return new Promise<number>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

function closeServer(server: Server): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    server.close((error) => (error === undefined ? resolve() : reject(error)));
    // close() alone waits for idle keep-alive sockets to time out; end them now.
    server.closeAllConnections();
  });
}

function urlOf(host: string, port: number): string {
  return `http://${host.includes(":") ? `[${host}]` : host}:${port}`;
}

// A rule naming something that does not exist is almost always a typo that would silently
// turn a "forbidden" test into an "allowed" one (or back); refuse it at start.
function checkAccessControlList(
  accessControlList: AccessControlList,
  collections: readonly FakeCollection[],
): void {
  const known = new Set(collections.flatMap((collection) => [collection.id, collection.area]));
  for (const [token, rule] of Object.entries(accessControlList)) {
    for (const entry of [...(rule.allow ?? []), ...(rule.deny ?? [])]) {
      if (!known.has(entry)) {
        throw new Error(
          `acl[${JSON.stringify(token)}] names ${JSON.stringify(entry)}, which is neither an area nor a collection id of this service`,
        );
      }
    }
  }
}
