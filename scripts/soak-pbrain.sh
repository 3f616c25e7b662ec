#!/usr/bin/env bash
# Soak of the pbrain brain: GAMES games (default 500, as issue 16 asks) between two `sente gomoku pbrain`
# processes under match clocks (INFO timeout_match, falling INFO time_left), spread over 15x15 and 19x19 in every
# rule (freestyle, exact, renju). Prints per size and rule the games, moves, results, timeouts, illegal moves, the
# slowest move and the brains' resident memory (first game..max, last); exits 1 on any timeout or illegal move.
#
#   scripts/soak-pbrain.sh                     the full run (500 games, 1 s a move, 20 s a side a game: hours)
#   scripts/soak-pbrain.sh 24 --match-ms 4000  a scaled-down run (a few minutes)
#
# Further options go to the manager (crates/gomoku/examples/pbrain_soak.rs): --sizes, --rules, --turn-ms,
# --match-ms, --tolerance-ms, --seed. Runs under nice; the brains use one thread each.
set -euo pipefail
cd "$(dirname "$0")/.."
games=${1:-500}
shift || true
cargo build --release --locked -q -p sente-cli -p sente-gomoku --bin sente --example pbrain_soak
exec nice target/release/examples/pbrain_soak --brain target/release/sente --games "$games" "$@"
