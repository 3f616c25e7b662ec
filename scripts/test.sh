#!/usr/bin/env bash
# Runs every test Sente has: the Rust workspace (unit, integration, golden, conformance, doc tests) and, when the
# web arena is built, the browser tests in headless Chromium. Installs what it needs on a fresh Debian machine.
set -euo pipefail
cd "$(dirname "$0")/.."

# Star/Circle's public conformance cases are read from ../shared/conformance (or $SENTE_CONFORMANCE); without
# them those tests print a "skipped" line and pass. SENTE_CONFORMANCE_REQUIRED=1 (set by .ci/run) makes them a must.
echo "== cargo test (workspace; conformance cases from ${SENTE_CONFORMANCE:-../shared/conformance}) =="
cargo test --workspace --locked 2>&1

if [ -f tests/browser/run.sh ]; then
  echo "== browser tests =="
  bash tests/browser/run.sh
fi
