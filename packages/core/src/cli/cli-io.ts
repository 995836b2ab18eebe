/** What one CLI invocation reads and writes: the bin passes the process's, tests their own. */
export interface CliIo {
  out: (text: string) => void;
  err: (text: string) => void;
  environment: NodeJS.ProcessEnv;
  /** How a user runs this CLI again from here, e.g. `pnpm search-docs`; `serve` suggests it. */
  command?: string;
  /** Resolves when `serve` should stop. */
  untilStopped?: () => Promise<void>;
}
