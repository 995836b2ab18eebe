import type { Trace } from "../trace/trace.js";
import type { CliIo } from "./cli-io.js";
import { formatTrace } from "./format-trace.js";

/** A call's result for a person (what the model sees, then the trace), or as JSON for scripts. */
export function printResult(
  tool: string,
  result: { output: unknown; trace: Trace },
  json: boolean,
  io: Pick<CliIo, "out">,
): void {
  if (json) {
    io.out(`${JSON.stringify(result, null, 2)}\n`);
    return;
  }
  io.out(`What the model sees (${tool}):\n${JSON.stringify(result.output, null, 2)}\n\n`);
  io.out(`What a support engineer sees:\n${formatTrace(result.trace)}\n`);
}
