// node bench/src/cold-start-bench.ts [--rounds 15] [--baseline [<label>=]<dist/index.js of another build>]...
// What a serverless start feels: fresh processes from `node`'s start to the first search_docs
// answer against a local fake service, beside fresh processes running the bare loop once, and
// the import of core alone over a bare `node` start. See README.md.
import { mkdirSync, writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { describeMachine } from "./describe-machine.ts";
import { type ColdStartArm, coldStartOptions, measureColdStart } from "./measure-cold-start.ts";
import { renderColdStartTable } from "./render-cold-start-table.ts";
import { startServiceProcess } from "./service-process.ts";

const { values } = parseArgs({
  options: {
    rounds: { type: "string", default: "15" },
    baseline: { type: "string", multiple: true },
    "out-name": { type: "string", default: "cold-start" },
    help: { type: "boolean", short: "h", default: false },
  },
});
if (values.help) {
  process.stdout.write(`node bench/src/cold-start-bench.ts [--rounds 15] [--baseline [<label>=]<file>]... [--out-name cold-start]

  Fresh node processes, --rounds of each arm, interleaved: a bare node start; import() of
  @search-docs/core; the first search_docs answer (createDocsSearch, one search over 4 collections
  of the fake service in a child process, no added latency); the bare loop's first answer. With
  --baseline (another build's dist/index.js, named by <label>, "baseline build" by default; may
  be repeated), its import and first answer too, in the same rounds. Prints the table;
  writes bench/results/<out-name>.json.
`);
  process.exit(0);
}
const rounds = Number(values.rounds);
if (!Number.isInteger(rounds) || rounds < 1) throw new Error("--rounds must be a positive integer");

const arms: ColdStartArm[] = [
  { name: "node", run: "node" },
  { name: "import @search-docs/core", run: "import" },
  { name: "first search_docs answer", run: "search-docs" },
  { name: "bare loop, first answer", run: "bare-loop" },
];
for (const baseline of values.baseline ?? []) {
  const [label, file] = baseline.includes("=")
    ? [baseline.slice(0, baseline.indexOf("=")), baseline.slice(baseline.indexOf("=") + 1)]
    : ["baseline build", baseline];
  const specifier = pathToFileURL(file).href;
  arms.push(
    { name: `import, ${label}`, run: "import", specifier },
    { name: `first search_docs answer, ${label}`, run: "search-docs", specifier },
  );
}
const machine = describeMachine();
const service = await startServiceProcess({ collectionsPerArea: 1, seed: 1 });
try {
  const figures = measureColdStart({
    arms,
    rounds,
    options: coldStartOptions(service),
  });
  const results = new URL("../results/", import.meta.url);
  mkdirSync(results, { recursive: true });
  writeFileSync(
    new URL(`${values["out-name"]}.json`, results),
    `${JSON.stringify({ machine, rounds, figures }, null, 2)}\n`,
  );
  process.stdout.write(
    `# Cold start — ${machine.date.slice(0, 19)}Z, ${machine.cores} cores, Node ${machine.node}, load ${machine.loadAverageAtStart} at start; ${rounds} fresh processes per arm, interleaved\n\n${renderColdStartTable(figures)}\n`,
  );
} finally {
  await service.close();
}
