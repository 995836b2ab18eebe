// pnpm loads this file before every command in the repository (install, run, test, …). On a Node
// older than package.json's engines, stop at once with one line, rather than after dozens of
// engine warnings and a build that fails minutes later on an optional dependency pnpm skipped.
const { engines } = require("./package.json");

const [wantedMajor, wantedMinor] = engines.node
  .replace(/^>=\s*/, "")
  .split(".")
  .map(Number);
const [major, minor] = process.versions.node.split(".").map(Number);
if (major < wantedMajor || (major === wantedMajor && minor < wantedMinor)) {
  process.stderr.write(
    `search-docs needs Node.js ${engines.node} (this is ${process.version}): run scripts/run.sh <script> instead (e.g. scripts/run.sh demo: it brings Node 24 and pnpm from the npm registry), or get Node from https://nodejs.org/en/download\n`,
  );
  process.exit(1);
}

module.exports = {};
