import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";

/**
 * Heap in use after a full collection. `--expose-gc` is set at run time, so `pnpm soak` and the
 * test runner need no extra flag.
 */
export function heapAfterGc(): number {
  setFlagsFromString("--expose-gc");
  const gc = runInNewContext("gc") as () => void;
  gc();
  gc();
  return process.memoryUsage().heapUsed;
}
