import { hostedBaseUrl, refuseOption } from "../backend-kit/backend-options.js";
import type { Clock } from "../util/clock.js";

// Algolia's clients mark a failed host down for two minutes, then try the DSN host again.
const hostDownMs = 2 * 60 * 1000;

/** Algolia's hosts in reading order, and which one the next attempt reads from. */
export interface AlgoliaHosts {
  readonly hosts: ReadonlyArray<{ origin: string; pathname: string }>;
  /** The index of the host the next attempt reads from. */
  current(): number;
  /** The attempt on host `from` failed: the next attempt reads from the next host. */
  moveOn(from: number): void;
}

/**
 * The `hosts` option, checked (by default the DSN host, then `-1`, `-2`, `-3.algolianet.com`),
 * with a cursor over them. No credential lives here.
 */
export function algoliaHosts(
  backendName: string,
  appId: string,
  given: readonly string[] | undefined,
  clock: Pick<Clock, "epochMs">,
): AlgoliaHosts {
  const hosts = (
    given ?? [
      `https://${appId}-dsn.algolia.net`,
      `https://${appId}-1.algolianet.com`,
      `https://${appId}-2.algolianet.com`,
      `https://${appId}-3.algolianet.com`,
    ]
  ).map((host) => hostedBaseUrl(backendName, "hosts", host));
  if (hosts.length === 0) refuseOption(backendName, "hosts", "hosts must name at least one host");
  let hostIndex = 0;
  let movedAt = 0;
  return {
    hosts,
    current() {
      if (hostIndex !== 0 && clock.epochMs() - movedAt >= hostDownMs) hostIndex = 0;
      return hostIndex;
    },
    moveOn(from) {
      // Two attempts failing on one host at once move the cursor once.
      if (hostIndex !== from) return;
      hostIndex = (from + 1) % hosts.length;
      movedAt = clock.epochMs();
    },
  };
}
