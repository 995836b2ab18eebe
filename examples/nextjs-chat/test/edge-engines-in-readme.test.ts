import { readFileSync } from "node:fs";
import { join } from "node:path";
import { backendRegistry } from "@search-docs/core/node";
import { expect, test } from "vitest";
import { appRoot } from "./app-paths";

// The README names the engines an edge route can reach; the registry's overFetch flag decides.
test("the README's edge engines are exactly the registry's overFetch ones", () => {
  const readme = readFileSync(join(appRoot, "README.md"), "utf8").replace(/\s+/g, " ");
  const said = /reaches only the engines the registry marks `overFetch` \(([^)]*)\)/.exec(readme);
  expect(said, "the README's edge sentence").not.toBeNull();
  const named = (said?.[1] ?? "").split(/, /).map((label) => label.trim());
  const overFetch = backendRegistry
    .filter((entry) => entry.overFetch)
    .map((entry) => (entry.engine === "v2" ? "v2" : entry.label));
  expect(named).toEqual(overFetch);
  const notOverFetch = backendRegistry.filter((entry) => !entry.overFetch).map((e) => e.engine);
  expect(notOverFetch).toEqual(["postgres", "folder"]);
});
