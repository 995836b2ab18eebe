// `node --import` this: every module the process loads (its URL: file:, node:) is written, one a
// line, to the file RECORD_LOADED_MODULES_TO names when the process exits. Synchronous hooks
// (module.registerHooks, Node 22.15+) see ES modules and require() alike.
import { writeFileSync } from "node:fs";
import { registerHooks } from "node:module";

const loaded = new Set();
registerHooks({
  load(url, context, next) {
    loaded.add(url);
    return next(url, context);
  },
});
process.on("exit", () => {
  writeFileSync(process.env.RECORD_LOADED_MODULES_TO, [...loaded].join("\n"));
});
