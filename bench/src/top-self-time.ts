// node bench/src/top-self-time.ts <file.cpuprofile> [--per <n>] [--top 30] [--by function|url]
// The frames a V8 CPU profile spent most self time in, with their share and their cost per
// `--per` units (requests, say): what to look at first.
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
}
interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    per: { type: "string", default: "1" },
    top: { type: "string", default: "30" },
    by: { type: "string", default: "function" },
  },
});
const file = positionals[0];
if (file === undefined) throw new Error("usage: top-self-time.ts <file.cpuprofile> [--per n]");
const profile = JSON.parse(readFileSync(file, "utf8")) as CpuProfile;
const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
const selfMicros = new Map<number, number>();
for (const [index, id] of profile.samples.entries()) {
  // Each sample's delta is the time until the next sample: attribute it to the sampled frame.
  const delta = profile.timeDeltas[index + 1] ?? 0;
  selfMicros.set(id, (selfMicros.get(id) ?? 0) + delta);
}
const shortUrl = (url: string) =>
  url
    .replace(/^file:\/\//, "")
    .replace(/.*node_modules\/\.pnpm\/[^/]+\/node_modules\//, "")
    .replace(/.*\/packages\//, "")
    .replace(/.*\/bench\/src\//, "bench/");
const totals = new Map<string, number>();
let total = 0;
for (const [id, micros] of selfMicros) {
  const node = nodes.get(id);
  if (node === undefined) continue;
  const { functionName, url, lineNumber } = node.callFrame;
  const key =
    values.by === "url"
      ? shortUrl(url) || `(${functionName || "native"})`
      : `${functionName || "(anonymous)"} ${shortUrl(url)}${url ? `:${lineNumber + 1}` : ""}`;
  totals.set(key, (totals.get(key) ?? 0) + micros);
  total += micros;
}
const per = Number(values.per);
const idle = [...totals].filter(([key]) => key.startsWith("(idle)")).reduce((s, [, v]) => s + v, 0);
const busy = total - idle;
process.stdout.write(
  `${file}: ${(total / 1000).toFixed(0)} ms sampled, ${(busy / 1000).toFixed(0)} ms not idle; per unit (÷${per}): ${(busy / per).toFixed(1)} µs\n`,
);
process.stdout.write("self ms | share of busy | µs per unit | frame\n");
for (const [key, micros] of [...totals]
  .filter(([key]) => !key.startsWith("(idle)"))
  .sort((left, right) => right[1] - left[1])
  .slice(0, Number(values.top))) {
  process.stdout.write(
    `${(micros / 1000).toFixed(1).padStart(7)} | ${((micros / busy) * 100).toFixed(1).padStart(5)}% | ${(micros / per).toFixed(1).padStart(7)} | ${key}\n`,
  );
}
