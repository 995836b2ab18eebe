// tsc copies no data files: bring the sample corpus next to the compiled fake service.
import { cpSync, existsSync } from "node:fs";

const from = new URL("../src/testing/corpus/", import.meta.url);
const to = new URL("../dist/testing/corpus/", import.meta.url);
if (existsSync(from))
  cpSync(from, to, { recursive: true, filter: (path) => !path.endsWith(".ts") });
