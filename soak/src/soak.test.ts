import { describe, expect, it } from "vitest";
import { runSoakPlan } from "./run-soak-plan.ts";
import { ciSoakPlan } from "./soak-plan.ts";
import { formatSoakTable, invariants } from "./soak-report.ts";

// The CI copy of `pnpm soak`: the same fault schedule, callers and invariants over 1,000 calls.
describe("soak (CI copy)", () => {
  it("1,000 calls under faults: nothing lost, nothing leaked, on time, heap stable", async () => {
    const report = await runSoakPlan(ciSoakPlan);
    console.log(formatSoakTable(report));
    for (const invariant of invariants(report)) {
      expect
        .soft(
          invariant.holds,
          `${invariant.name}: ${invariant.measured} (limit ${invariant.limit})`,
        )
        .toBe(true);
    }
    // The run met what it claims to: faults of every kind, reindex windows, refused reads.
    expect(report.upstream.byStatus["429"]).toBeGreaterThan(0);
    expect(report.upstream.byStatus["409"]).toBeGreaterThan(0);
    expect(report.upstream.malformed).toBeGreaterThan(0);
    expect(report.upstream.byStatus["reset or abandoned"]).toBeGreaterThan(0);
    for (const fault of ["stall", "oversized", "gzip-bomb", "redirect", "reset-mid-body"]) {
      expect(report.upstream.byFault[fault], fault).toBeGreaterThan(0);
    }
    expect(report.statuses["search_docs:unavailable"]).toBeGreaterThan(0);
    expect(report.statuses["search_docs:no_matches"]).toBeGreaterThan(0);
    expect(report.statuses["get_document:no_access"]).toBeGreaterThan(0);
    expect(report.outage.firstAttempts).toBeGreaterThan(500);
  }, 120_000);
});
