#!/usr/bin/env node
import { main } from "./main.js";
import { rerunCommand } from "./rerun-command.js";

process.exitCode = await main(process.argv.slice(2), {
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
  environment: process.env,
  command: rerunCommand(process.env, process.argv[1], process.cwd()),
});
