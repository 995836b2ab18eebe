import { findRedisServer } from "@search-docs/test-servers";
import { describe, it } from "vitest";

/** CI (`.ci/run` sets SEARCH_DOCS_REQUIRE_REDIS=1) fails without redis-server; elsewhere it skips. */
const required =
  process.env.SEARCH_DOCS_REQUIRE_REDIS === "1" ||
  !["", "0", "false"].includes(process.env.CI ?? "");

/**
 * A describe block that needs a real `redis-server` (Debian's `redis-server` package). Without
 * one it is skipped, saying so, outside CI, and fails in CI.
 */
export function describeWithRedis(name: string, body: () => void): void {
  if (findRedisServer() !== undefined) {
    describe(name, body);
    return;
  }
  const note = "redis-server is not on PATH: install Debian's redis-server package";
  if (required) {
    describe(name, () => {
      it("needs redis-server", () => {
        throw new Error(`${note} (CI requires it)`);
      });
    });
    return;
  }
  console.warn(`[core] skipped "${name}": ${note}`);
  describe.skip(name, body);
}
