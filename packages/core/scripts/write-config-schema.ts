// Writes config.schema.json from the registry (a test holds the file to it):
// node --import ./src/__fixtures__/resolve-ts-hooks.mjs scripts/write-config-schema.ts
import { writeFileSync } from "node:fs";
import { configJsonSchema } from "../src/config/config-json-schema.ts";

writeFileSync(
  new URL("../config.schema.json", import.meta.url),
  `${JSON.stringify(configJsonSchema(), null, 2)}\n`,
);
