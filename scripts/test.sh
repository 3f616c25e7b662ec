#!/usr/bin/env bash
# Runs every test Sente has: the Rust workspace (unit, integration, golden, conformance, doc tests) and, when the
# web arena is built, the browser tests in headless Chromium. Installs what it needs on a fresh Debian machine.
set -euo pipefail
cd "$(dirname "$0")/.."

echo "== cargo test (workspace) =="
cargo test --workspace --locked 2>&1

if [ -f tests/browser/run.sh ]; then
  echo "== browser tests =="
  bash tests/browser/run.sh
fi
