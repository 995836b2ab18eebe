import { ConfigurationError } from "../errors/configuration-error.js";

/**
 * The `--area` flags of a command line, read: `--area name=<folder|url>` (repeatable) names a
 * source per area, and becomes the folder engine's SEARCH_DOCS_FOLDER_PATH as JSON; a plain
 * `--area name` (at most one) is a search's area. `--docs` and sources together are refused:
 * they would name two configurations.
 */
export function areaSources(
  flags: readonly string[] | undefined,
  docs: string | undefined,
): { area: string | undefined; docs: string | undefined } {
  const plain: string[] = [];
  const sources: Record<string, string> = {};
  for (const flag of flags ?? []) {
    const equals = flag.indexOf("=");
    if (equals < 0) {
      plain.push(flag);
      continue;
    }
    const name = flag.slice(0, equals).trim();
    const source = flag.slice(equals + 1).trim();
    if (name === "" || source === "") {
      throw new ConfigurationError({
        option: "--area",
        message: `--area ${flag}: give name=<folder or URL>, e.g. --area guides=https://docs.example.com/guides`,
      });
    }
    if (Object.hasOwn(sources, name)) {
      throw new ConfigurationError({
        option: "--area",
        message: `--area ${name} is given twice: one source per area`,
      });
    }
    sources[name] = source;
  }
  if (plain.length > 1) {
    throw new ConfigurationError({
      option: "--area",
      message: `--area ${plain.join(", ")}: a search takes one area`,
    });
  }
  const named = Object.keys(sources).length > 0;
  if (named && docs !== undefined) {
    throw new ConfigurationError({
      option: "--area",
      message: "--docs and --area name=<source> both name the docs: use one",
    });
  }
  return { area: plain[0], docs: named ? JSON.stringify(sources) : docs };
}
