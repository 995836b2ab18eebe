import { existsSync, renameSync, writeFileSync } from "node:fs";
import { draftQueries } from "../eval/draft-queries.js";
import { SampleUnavailableError, sampleSections } from "../eval/sample-sections.js";
import type { CliIo } from "./cli-io.js";
import { exitCodes } from "./exit-codes.js";
import { openBackend } from "./open-backend.js";
import { CliConfigError, type CliValues } from "./parse-command-line.js";

const defaultCount = 20;

/**
 * `search-docs eval init <file>`: drafts known-item questions from the configured index (one per
 * sampled section) into a new file whose first line marks it drafted, for a person to edit.
 * An existing file is never overwritten; the file appears whole or not at all.
 */
export async function runEvalInit(
  rest: readonly string[],
  values: CliValues,
  io: CliIo,
): Promise<number> {
  if (rest.length !== 1) {
    throw new CliConfigError(
      "eval init takes the file to write, e.g. search-docs eval init queries.jsonl",
    );
  }
  const path = rest[0] as string;
  const count = values.count === undefined ? defaultCount : Number(values.count);
  if (values.count !== undefined && !/^\d{1,4}$/.test(values.count)) {
    throw new CliConfigError(`--count must be a whole number, not "${values.count}"`);
  }
  if (count < 1) throw new CliConfigError("--count must be at least 1");
  if (existsSync(path)) {
    throw new CliConfigError(`${path} exists: eval init writes a new file (choose another name)`);
  }
  const opened = await openBackend(values, io);
  try {
    // Twice what is drafted, so the questions are a sample rather than the first hits found.
    const sources = await sampleSections(opened.docs, opened.caller, { want: count * 2 });
    if (sources.length === 0) {
      io.err("search-docs eval init: the index answered no probe search: nothing was drafted\n");
      return exitCodes.unavailable.code;
    }
    const text = draftQueries(sources, { count });
    const drafted = text.trimEnd().split("\n").length - 1;
    const partial = `${path}.partial`;
    writeFileSync(partial, text, { flag: "wx" });
    renameSync(partial, path);
    io.err(
      `Wrote ${drafted} drafted questions to ${path} (from ${sources.length} sections found). Edit each question into what a user would ask, check each expect, then delete its first line; until then search-docs eval refuses to score it.\n`,
    );
    return 0;
  } catch (error) {
    if (error instanceof SampleUnavailableError) {
      io.err(`search-docs eval init: ${error.message}\n`);
      return exitCodes.unavailable.code;
    }
    throw error;
  } finally {
    await opened.close();
  }
}
