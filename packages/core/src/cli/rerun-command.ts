import { delimiter, dirname, relative, resolve } from "node:path";

const packageRunners: Array<[agent: string, command: string]> = [
  ["pnpm/", "pnpm search-docs"],
  ["yarn/", "yarn search-docs"],
  ["bun/", "bunx search-docs"],
  ["npm/", "npx search-docs"],
];

/**
 * How to run this CLI again from the same folder, for the commands it suggests. In a clone
 * `search-docs` is not on PATH but `pnpm search-docs` is, so: the package manager that started
 * it, else `search-docs` when the script was found on PATH, else `node <the script>`.
 */
export function rerunCommand(
  environment: Record<string, string | undefined>,
  script: string | undefined,
  workingDirectory: string,
): string {
  const agent = environment.npm_config_user_agent ?? "";
  for (const [prefix, command] of packageRunners) if (agent.startsWith(prefix)) return command;
  if (script === undefined) return "search-docs";
  const path = (environment.PATH ?? "").split(delimiter).filter(Boolean);
  if (path.some((directory) => resolve(directory) === dirname(resolve(script)))) {
    return "search-docs";
  }
  return `node ${relative(workingDirectory, script) || script}`;
}
