import type { IncomingMessage } from "node:http";
import {
  type EngineError,
  engineError,
  type Flavor,
  indexClosed,
  indexNotFound,
  unauthenticated,
  unauthorizedFor,
} from "./fake-elasticsearch-errors.js";

// Who the fake's caller is and what a search target means for them, as the engines' security
// documents it:
// - Authentication: `Authorization: ApiKey|Bearer <credential>` looked up whole, `Basic
//   base64(user:password)` decoded and checked against the user's password (Elasticsearch "User
//   authentication", native realm; OpenSearch "HTTP basic authentication"); anything else is 401.
// - Index privileges over names, `*` patterns and aliases ("Security privileges",
//   https://www.elastic.co/guide/en/elasticsearch/reference/current/security-privileges.html;
//   OpenSearch "Authorization basics": index permissions apply to an alias too).
// - A wildcard expands to the indices and aliases this user may read, never to the others
//   ("Limitations > Changes in index wildcard behavior", https://www.elastic.co/guide/en/x-pack/
//   5.0/security-limitations.html: wildcards apply "to the indices that the current user has
//   privileges for"); when that leaves nothing and allow_no_indices=false, the answer is 404
//   index_not_found_exception, the same whether no index matches or the user may read none
//   (elastic/elasticsearch#89622: "when [Security is] enabled the behavior is already correct").
// - A name the user may not read is 403 security_exception whether or not it exists; a user
//   with no read privilege at all is refused before any name is resolved (#71806).

export interface FakeElasticsearchUser {
  name: string;
  /** Index privileges `read`: names or `*` patterns of indices and aliases. */
  read: readonly string[];
  /** Users this one may run as (`es-security-runas-user`). */
  runAs?: readonly string[];
  /** Index privilege `view_index_metadata` (Get mapping): names or `*` patterns. Default none. */
  viewIndexMetadata?: readonly string[];
  /** Basic auth: `Authorization: Basic base64(name:password)` signs in as this user. */
  password?: string;
}

/** What a target is resolved against: the cluster's names and which indices are closed. */
export interface ClusterNames {
  flavor: Flavor;
  indices: () => Iterable<string>;
  aliases: ReadonlyMap<string, readonly string[]>;
  isClosed: (index: string) => boolean;
}

/** The request's user (undefined with security off), or the engine's 401/403. */
export function authenticate(
  headers: IncomingMessage["headers"],
  users: Readonly<Record<string, FakeElasticsearchUser>> | undefined,
  flavor: Flavor,
): { user: FakeElasticsearchUser | undefined } | EngineError {
  if (users === undefined) return { user: undefined };
  const authorization = headers.authorization;
  if (authorization === undefined) return unauthenticated(flavor, false);
  const user = users[authorization] ?? basicUser(authorization, users);
  if (user === undefined) return unauthenticated(flavor, true);
  const runAs = headers["es-security-runas-user"];
  if (typeof runAs === "string") {
    const target = Object.values(users).find((candidate) => candidate.name === runAs);
    if (!user.runAs?.includes(runAs) || target === undefined) {
      return engineError(
        403,
        "security_exception",
        `action [indices:data/read/search] is unauthorized for user [${user.name}] run as [${runAs}]`,
      );
    }
    return { user: target };
  }
  return { user };
}

function basicUser(
  authorization: string,
  users: Readonly<Record<string, FakeElasticsearchUser>>,
): FakeElasticsearchUser | undefined {
  const encoded = /^Basic ([A-Za-z0-9+/]+={0,2})$/.exec(authorization)?.[1];
  if (encoded === undefined) return undefined;
  const decoded = Buffer.from(encoded, "base64").toString("utf8");
  const colon = decoded.indexOf(":");
  if (colon < 1) return undefined;
  const [name, password] = [decoded.slice(0, colon), decoded.slice(colon + 1)];
  return Object.values(users).find(
    (user) => user.password !== undefined && user.name === name && user.password === password,
  );
}

/** Whether `user` may read the index or alias `name` (security off: anyone may). */
export function mayRead(user: FakeElasticsearchUser | undefined, name: string): boolean {
  return user === undefined || user.read.some((pattern) => globMatches(pattern, name));
}

/** The concrete indices `target` (the multi-target syntax) names for `user`, or the engine's error. */
export function resolveTarget(
  target: string,
  user: FakeElasticsearchUser | undefined,
  cluster: ClusterNames,
  { allowNoIndices, ignoreUnavailable }: { allowNoIndices: boolean; ignoreUnavailable: boolean },
): string[] | EngineError {
  const { flavor, aliases, isClosed } = cluster;
  if (user !== undefined && user.read.length === 0) {
    return unauthorizedFor(flavor, user.name, target);
  }
  const selected = new Set<string>();
  for (const part of target.split(",")) {
    if (part.startsWith("-") && selected.size > 0) {
      for (const index of [...selected]) {
        if (globMatches(part.slice(1), index)) selected.delete(index);
      }
      continue;
    }
    const name = part === "_all" ? "*" : part;
    if (name.includes("*")) {
      // Open indices (expand_wildcards=open) and aliases the user may read; the rest are
      // skipped without a word, so a pattern never reveals what it could not read.
      const matched = new Set<string>();
      for (const index of cluster.indices()) {
        if (globMatches(name, index) && !isClosed(index) && mayRead(user, index)) {
          matched.add(index);
        }
      }
      for (const [alias, indices] of aliases) {
        if (!globMatches(name, alias) || !mayRead(user, alias)) continue;
        for (const index of indices) if (!isClosed(index)) matched.add(index);
      }
      if (matched.size === 0 && !allowNoIndices) return indexNotFound(part);
      for (const index of matched) selected.add(index);
      continue;
    }
    // Privileges first: a 404 never confirms an index exists to someone who may not read it.
    if (!mayRead(user, name)) return unauthorizedFor(flavor, user?.name ?? "", name);
    const known = new Set(cluster.indices());
    const indices = aliases.get(name) ?? (known.has(name) ? [name] : []);
    if (indices.length === 0) {
      if (ignoreUnavailable) continue;
      return indexNotFound(name);
    }
    for (const index of indices) {
      if (isClosed(index)) {
        if (ignoreUnavailable) continue;
        return indexClosed(index);
      }
      selected.add(index);
    }
  }
  return [...selected];
}

/**
 * The concrete indices a Get mapping target names for `user`: a name or alias as it is; a
 * pattern expanded to the open indices and aliases the user may view (`view_index_metadata`),
 * which may be none (the API's allow_no_indices defaults to true: an empty answer).
 */
export function mappingIndices(
  target: string,
  user: FakeElasticsearchUser | undefined,
  cluster: ClusterNames,
): readonly string[] | undefined {
  if (!target.includes("*")) {
    return (
      cluster.aliases.get(target) ??
      ([...cluster.indices()].includes(target) ? [target] : undefined)
    );
  }
  const mayView = (name: string) =>
    user === undefined ||
    (user.viewIndexMetadata ?? []).some((pattern) => globMatches(pattern, name));
  const found = new Set<string>();
  for (const index of cluster.indices()) {
    if (globMatches(target, index) && !cluster.isClosed(index) && mayView(index)) found.add(index);
  }
  for (const [alias, indices] of cluster.aliases) {
    if (globMatches(target, alias) && mayView(alias)) for (const index of indices) found.add(index);
  }
  return [...found];
}

/** `*` matches any run of characters; everything else is literal. */
export function globMatches(pattern: string, name: string): boolean {
  const expression = pattern
    .split("*")
    .map((piece) => piece.replace(/[.+?^${}()|[\]\\]/g, "\\$&"))
    .join(".*");
  return new RegExp(`^${expression}$`).test(name);
}
