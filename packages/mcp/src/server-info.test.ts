import { readFileSync } from "node:fs";
import { expect, it } from "vitest";
import { serverInfo } from "./server-info.js";

it("names the package's own version in initialize", () => {
  const packageJson = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8"));
  expect(serverInfo.version).toBe(packageJson.version);
});
