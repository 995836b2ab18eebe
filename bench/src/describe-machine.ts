import { cpus, freemem, loadavg, platform, release, totalmem } from "node:os";

export interface MachineDescription {
  date: string;
  cpuModel: string;
  cores: number;
  memoryGiB: number;
  node: string;
  os: string;
  /** 1-minute load average when the run started: above the core count, figures are noisy. */
  loadAverageAtStart: number;
}

export function describeMachine(): MachineDescription {
  const processors = cpus();
  return {
    date: new Date().toISOString(),
    cpuModel: processors[0]?.model.trim() ?? "unknown",
    cores: processors.length,
    memoryGiB: Math.round((totalmem() / 2 ** 30) * 10) / 10,
    node: process.version,
    os: `${platform()} ${release()}`,
    loadAverageAtStart: Math.round((loadavg()[0] ?? 0) * 100) / 100,
  };
}

/** Free memory is not part of the description (it changes); kept for the heap check's context. */
export function freeMemoryGiB(): number {
  return Math.round((freemem() / 2 ** 30) * 10) / 10;
}
