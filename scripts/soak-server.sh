#!/usr/bin/env bash
# Loopback load on `sente serve`: CLIENTS concurrent clients (default 200) for SECONDS (default 600, as issue 16
# asks) sending engine, analysis, cheap and malformed requests, some abandoned mid-search. Prints p50/p99 latency
# per kind, status counts and the server's resident memory every 30 s (crates/server/examples/load.rs), then the
# server's counters; exits 1 on any 5xx other than 503 busy, or a 503 without Retry-After.
#
#   scripts/soak-server.sh                 the full run (10 minutes, 200 clients)
#   scripts/soak-server.sh 120 200         a scaled-down run
#
# Extra `sente serve` flags can be given in SENTE_SERVE_FLAGS (e.g. "--max-searches 2").
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-600}
clients=${2:-200}
cargo build --release --locked -q -p sente-cli -p sente-server --bin sente --example load
log=$(mktemp)
# shellcheck disable=SC2086
nice target/release/sente serve --addr 127.0.0.1:0 ${SENTE_SERVE_FLAGS:-} >"$log" 2>&1 &
server=$!
trap 'kill "$server" 2>/dev/null || true; rm -f "$log"' EXIT
for _ in $(seq 100); do
  port=$(grep -o 'http://127.0.0.1:[0-9]*' "$log" | grep -o '[0-9]*$' || true)
  [ -n "$port" ] && break
  sleep 0.1
done
[ -n "${port:-}" ] || { echo "the server did not start:"; cat "$log"; exit 2; }
echo "== sente serve on 127.0.0.1:$port (pid $server), $clients clients for $seconds s =="
status=0
nice target/release/examples/load --addr "127.0.0.1:$port" --pid "$server" --clients "$clients" --seconds "$seconds" \
  --sample-every $(( seconds >= 300 ? 30 : 10 )) || status=$?
kill -0 "$server" 2>/dev/null || { echo "the server died"; cat "$log"; exit 1; }
exit $status
