import { expect, it } from "vitest";
import { rerunCommand } from "./rerun-command.js";

it.each([
  ["pnpm/10.34.9 npm/? node/v24.22.3 linux x64", "pnpm search-docs"],
  ["npm/11.19.1 node/v24.22.3 linux x64 workspaces/false", "npx search-docs"],
  ["yarn/4.9.0 npm/? node/v24.22.3 linux x64", "yarn search-docs"],
  ["bun/1.4.5 npm/? node/v24.3.0 linux x64", "bunx search-docs"],
])("names the package manager that ran it (%s)", (agent, command) => {
  expect(rerunCommand({ npm_config_user_agent: agent }, "/repo/bin/search-docs.js", "/repo")).toBe(
    command,
  );
});

it("is the bare name when the script was found on PATH, else node and the script's path", () => {
  const environment = { PATH: "/usr/bin:/opt/tools/bin" };
  expect(rerunCommand(environment, "/opt/tools/bin/search-docs", "/home/me")).toBe("search-docs");
  expect(rerunCommand(environment, "/repo/packages/core/bin/search-docs.js", "/repo")).toBe(
    "node packages/core/bin/search-docs.js",
  );
});
