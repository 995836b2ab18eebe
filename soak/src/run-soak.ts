// pnpm soak: the full run. Prints the table; exits 1 if any invariant fails.
import { runSoakPlan } from "./run-soak-plan.ts";
import { fullSoakPlan } from "./soak-plan.ts";
import { formatSoakTable, invariants } from "./soak-report.ts";

const report = await runSoakPlan(fullSoakPlan);
console.log(formatSoakTable(report));
if (invariants(report).some((invariant) => !invariant.holds)) process.exitCode = 1;
