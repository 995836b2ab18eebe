import type { CallRecord } from "./call-record.ts";
import type { ArmCall } from "./docs-search-arm.ts";
import type { BenchQuery } from "./load-queries.ts";

export interface ArmResult {
  query: BenchQuery;
  record: CallRecord;
}

/**
 * Runs every query through every arm, the arms interleaved (query i starts with arm i mod n) so
 * no arm owns a quieter or busier stretch of the run, `concurrency` calls in flight at once.
 */
export async function runInterleaved<Name extends string>(
  arms: Readonly<Record<Name, ArmCall>>,
  queries: readonly BenchQuery[],
  { concurrency }: { concurrency: number },
): Promise<Record<Name, ArmResult[]>> {
  const names = Object.keys(arms) as Name[];
  const tasks: Array<{ name: Name; query: BenchQuery }> = [];
  for (const [index, query] of queries.entries()) {
    for (let offset = 0; offset < names.length; offset++) {
      tasks.push({ name: names[(index + offset) % names.length] as Name, query });
    }
  }
  const results = Object.fromEntries(names.map((name) => [name, [] as ArmResult[]])) as Record<
    Name,
    ArmResult[]
  >;
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) {
      const task = tasks[next++] as (typeof tasks)[number];
      const record = await arms[task.name]({ query: task.query.query, area: task.query.area });
      results[task.name].push({ query: task.query, record });
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, concurrency) }, worker));
  for (const name of names) {
    results[name].sort((left, right) => left.query.id.localeCompare(right.query.id));
  }
  return results;
}

/**
 * CPU time of each call: one call at a time, so `process.cpuUsage` around it holds that call's
 * work alone (the service runs in another process); waits cost no CPU, so they drop out.
 */
export async function measureCpu<Name extends string>(
  arms: Readonly<Record<Name, ArmCall>>,
  queries: readonly BenchQuery[],
): Promise<Record<Name, number[]>> {
  const names = Object.keys(arms) as Name[];
  const cpu = Object.fromEntries(names.map((name) => [name, [] as number[]])) as Record<
    Name,
    number[]
  >;
  for (const [index, query] of queries.entries()) {
    for (let offset = 0; offset < names.length; offset++) {
      const name = names[(index + offset) % names.length] as Name;
      const before = process.cpuUsage();
      await arms[name]({ query: query.query, area: query.area });
      const used = process.cpuUsage(before);
      cpu[name].push((used.user + used.system) / 1000);
    }
  }
  return cpu;
}
