#!/usr/bin/env bash
# The README's two commands: `scripts/run.sh demo` and `scripts/run.sh test` (any package.json
# script works). When the Node on PATH is older than package.json's engines, or pnpm is missing,
# it first brings Node 24 and the pinned pnpm from the npm registry into ~/.local (once: later runs
# reuse them); with a recent enough Node and pnpm it downloads nothing. Then it installs from the
# lockfile and runs the script. .ci/run calls it too, so CI and a newcomer run the same steps.
set -euo pipefail
cd "$(dirname "$0")/.."

# The lowest Node is written once, in package.json's engines; CI asks for more (24.0) here.
wanted_node=${SEARCH_DOCS_WANTED_NODE:-$(sed -n 's/.*"node": ">=\([0-9.]*\)".*/\1/p' package.json | head -1)}
wanted_pnpm=$(sed -n 's/.*"packageManager": "pnpm@\([0-9.]*\)".*/\1/p' package.json)
say() { echo "scripts/run.sh: $*" >&2; }
# npm's and pnpm's "a newer version exists" boxes are noise in a first run's output.
export npm_config_update_notifier=false

node_at_least() { # node_at_least <node binary>: is it at least $wanted_node?
  "$1" -e 'const [a, b = 0] = process.argv[1].split(".").map(Number);
    const [x, y] = process.versions.node.split(".").map(Number);
    process.exit(x > a || (x === a && y >= b) ? 0 : 1)' "$wanted_node" 2>/dev/null
}
npm_install_into() { # npm_install_into <prefix> <package>: a global install under ~/.local
  command -v npm >/dev/null || { say "needs npm (or Node >= $wanted_node with pnpm) on PATH"; exit 1; }
  npm install --global --no-fund --no-audit --loglevel=error --prefix "$1" "$2" >&2
}

if ! command -v node >/dev/null || ! node_at_least node; then
  case "$(uname -s)-$(uname -m)" in
    Linux-x86_64) platform=linux-x64 ;;
    Linux-aarch64 | Linux-arm64) platform=linux-arm64 ;;
    Darwin-x86_64) platform=darwin-x64 ;;
    *) say "needs Node >= $wanted_node: get it from https://nodejs.org/en/download"; exit 1 ;;
  esac
  node_bin="$HOME/.local/node24/lib/node_modules/node-$platform/bin"
  if ! { [ -x "$node_bin/node" ] && node_at_least "$node_bin/node"; }; then
    say "the Node on PATH is $(node --version 2>/dev/null || echo missing), the project needs >= $wanted_node: getting Node 24 from the npm registry into ~/.local/node24"
    npm_install_into "$HOME/.local/node24" "node-$platform@24"
  fi
  export PATH="$node_bin:$PATH"
fi

# Any pnpm 10 switches itself to packageManager's version; an older one or none gets it from npm.
if ! [[ "$(pnpm --version 2>/dev/null || true)" =~ ^1[0-9]\. ]]; then
  if [ "$("$HOME/.local/pnpm/bin/pnpm" --version 2>/dev/null || true)" != "$wanted_pnpm" ]; then
    say "pnpm $wanted_pnpm is missing: getting it from the npm registry into ~/.local/pnpm"
    npm_install_into "$HOME/.local/pnpm" "pnpm@$wanted_pnpm"
  fi
  export PATH="$HOME/.local/pnpm/bin:$PATH"
fi

export TURBO_TELEMETRY_DISABLED=1 DO_NOT_TRACK=1 NEXT_TELEMETRY_DISABLED=1
pnpm install --frozen-lockfile >&2
exec pnpm "$@"
