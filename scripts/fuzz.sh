#!/usr/bin/env bash
# Runs every fuzz target in fuzz/ (cargo-fuzz, nightly) for SECONDS each (default 60), starting from the committed
# seeds in fuzz/seeds/<target>/ and growing a working corpus in fuzz/corpus/<target>/ (ignored by git). Prints one
# line per target with the executions and crashes, and exits 1 if any target crashed (the input is left in
# fuzz/artifacts/<target>/; the failure line prints the command that reproduces it).
#
#   scripts/fuzz.sh [SECONDS]          every target
#   FUZZ_TARGETS="pbrain moves" scripts/fuzz.sh 600
#   FUZZ_RUNS=10000000 scripts/fuzz.sh 7200   each target stops at 10 M executions (or after 2 hours)
#   FUZZ_WORKERS=2 FUZZ_RUNS=10000000 FUZZ_TARGETS=pbrain scripts/fuzz.sh 7200
#                                      two processes share the target's corpus, each runs half the executions;
#                                      the line shows their sum (logs: fuzz/logs/<target>.<k>.log)
#
# Exit 3 when nightly or cargo-fuzz is missing (CI reports that and carries on). Run it under `nice` on a shared
# machine: each target uses one core.
#
# Instrumentation: no sanitizer by default (-s none): the parsers, notation and protocol code are safe Rust, and
# without AddressSanitizer the targets run 2-5x the executions. The transposition table's one `unsafe` access is
# reached by pbrain and api_json; `FUZZ_SANITIZER=address scripts/fuzz.sh` builds every target with
# AddressSanitizer (in its own target folder) for a run that checks it. pbrain and api_json are built without compare
# tracing (most of their cost) and get a dictionary of their keywords (fuzz/dicts/) instead.
set -euo pipefail
cd "$(dirname "$0")/.."
secs=${1:-60}
if ! cargo +nightly fuzz --version >/dev/null 2>&1; then
  echo "fuzz: skipped: needs the nightly toolchain and cargo-fuzz (rustup toolchain install nightly; cargo install cargo-fuzz)"
  exit 3
fi
cd fuzz
targets=${FUZZ_TARGETS:-$(cargo +nightly fuzz list)}
sanitizer=${FUZZ_SANITIZER:-none}
flavour() {
  case $1 in
    pbrain | api_json) echo "-s $sanitizer --no-trace-compares --target-dir target/$sanitizer-notc" ;;
    *) echo "-s $sanitizer --target-dir target/$sanitizer" ;;
  esac
}
echo "== fuzz: building $(echo $targets | wc -w) targets =="
mkdir -p logs
: >logs/build.log
for t in $targets; do
  # shellcheck disable=SC2046
  cargo +nightly fuzz build $(flavour "$t") "$t" >>logs/build.log 2>&1 || { tail -n 30 logs/build.log; exit 2; }
done
workers=${FUZZ_WORKERS:-1}
runs=${FUZZ_RUNS:--1}
if [ "$runs" -gt 0 ]; then runs=$(( (runs + workers - 1) / workers )); fi
# Sums one libFuzzer final statistic over the logs of a target's workers.
stat() { cat "${@:2}" | grep -o "stat::$1: *[0-9]*" | grep -o '[0-9]*$' | awk '{ s += $1 } END { if (NR) print s }'; }
failed=0
printf '%-18s %12s %10s %8s %8s\n' target execs execs/s crashes corpus
for t in $targets; do
  mkdir -p "corpus/$t" "artifacts/$t"
  before=$(find "artifacts/$t" -type f | wc -l)
  status=0
  dict=()
  if [ -f "dicts/$t.dict" ]; then dict=(-dict="dicts/$t.dict"); fi
  logs=()
  pids=()
  for k in $(seq 1 "$workers"); do
    log="logs/$t.log"
    if [ "$workers" -gt 1 ]; then log="logs/$t.$k.log"; fi
    logs+=("$log")
    # shellcheck disable=SC2046
    cargo +nightly fuzz run $(flavour "$t") "$t" "corpus/$t" "seeds/$t" -- "${dict[@]}" \
      -max_total_time="$secs" -runs="$runs" -timeout=20 -rss_limit_mb=2048 -print_final_stats=1 >"$log" 2>&1 &
    pids+=($!)
  done
  for p in "${pids[@]}"; do wait "$p" || status=$?; done
  execs=$(stat number_of_executed_units "${logs[@]}")
  rate=$(stat average_exec_per_sec "${logs[@]}")
  crashes=$(( $(find "artifacts/$t" -type f | wc -l) - before ))
  if [ "$status" -ne 0 ] && [ "$crashes" -eq 0 ]; then crashes="?"; fi
  printf '%-18s %12s %10s %8s %8s\n' "$t" "${execs:-?}" "${rate:-?}" "$crashes" "$(find "corpus/$t" -type f | wc -l)"
  if [ "$status" -ne 0 ]; then
    failed=1
    echo "   $t failed (exit $status); from fuzz/logs/$t*.log:"
    cat "${logs[@]}" | grep -E 'panicked|ERROR|SUMMARY|Test unit written' | head -8 | sed 's/^/   /'
    echo "   reproduce from fuzz/: cargo +nightly fuzz run $(flavour "$t") $t artifacts/$t/<file>"
  fi
done
exit $failed
