#!/usr/bin/env node
import { main } from "./main.js";

// stdout carries the MCP protocol over stdio: everything for people goes to stderr.
process.exitCode = await main(process.argv.slice(2), {
  stdin: process.stdin,
  stdout: process.stdout,
  stderr: (text) => void process.stderr.write(text),
  environment: process.env,
});
