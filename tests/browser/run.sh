#!/usr/bin/env bash
# Sente arena end-to-end tests on a real browser and a real terminal.
#  1. Installs what a fresh Debian machine lacks: Chromium and tmux (apt-get), playwright-core (npm, into
#     tests/browser/node_modules from package-lock.json).
#  2. Builds the `sente` binary (the workspace test build, which `cargo test` has usually made already).
#  3. Starts `sente serve` on a free loopback port, runs arena.test.mjs in headless Chromium, then stops the
#     server. Screenshots go to target/browser-screenshots/ (printed at the end), or to $SENTE_SCREENSHOTS if set:
#     `SENTE_SCREENSHOTS=docs/screenshots bash tests/browser/run.sh` regenerates the documentation's pictures.
#  4. Plays `sente play tictactoe` in tmux (send-keys / capture-pane): move values, a move, the engine's reply,
#     hint, undo, save on quit.
# Exits non-zero when anything fails. Total time on 2 cores, once built: about two and a half minutes.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
cd "$root"

need_apt=()
[ -x /usr/bin/chromium ] || need_apt+=(chromium)
command -v tmux >/dev/null 2>&1 || need_apt+=(tmux)
if [ ${#need_apt[@]} -gt 0 ]; then
  echo "installing ${need_apt[*]} (apt-get)"
  SUDO=""; [ "$(id -u)" = 0 ] || SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${need_apt[@]}" >/dev/null
fi
if [ ! -d "$here/node_modules/playwright-core" ]; then
  echo "installing playwright-core (npm ci)"
  (cd "$here" && npm ci --no-audit --no-fund --loglevel=error)
fi

echo "building sente"
# The same build `cargo test --workspace` makes (so after scripts/test.sh's cargo test this is a no-op): the test
# profile, with the workspace's feature set, puts the binary in target/debug.
cargo test --workspace --no-run --quiet
target="${CARGO_TARGET_DIR:-$root/target}"
bin="$target/debug/sente"

log="$(mktemp)"
"$bin" serve --addr 127.0.0.1:0 >"$log" 2>&1 &
server=$!
trap 'kill "$server" 2>/dev/null || true; rm -f "$log"; tmux kill-session -t sente-play-test 2>/dev/null || true' EXIT
url=""
for _ in $(seq 1 100); do
  url="$(grep -o 'http://[^ ]*' "$log" || true)"
  [ -n "$url" ] && break
  sleep 0.1
done
[ -n "$url" ] || { echo "sente serve did not start:"; cat "$log"; exit 1; }
echo "server at $url"

shots="${SENTE_SCREENSHOTS:-}"
[ -n "$shots" ] || shots="$target/browser-screenshots"   # git ignores target/; each run overwrites it
case "$shots" in /*) ;; *) shots="$root/$shots" ;; esac
status=0
SENTE_URL="$url" SENTE_SCREENSHOTS="$shots" SENTE_BIN="$bin" node "$here/arena.test.mjs" || status=1
kill "$server" 2>/dev/null || true

echo "== terminal play (tmux) =="
save="$(mktemp)"
rm -f "$save"
tmux kill-session -t sente-play-test 2>/dev/null || true
tmux new-session -d -s sente-play-test -x 120 -y 32 "$bin play tictactoe --level perfect --save $save"
screen() { tmux capture-pane -t sente-play-test -p; }
wait_for() {  # wait_for TEXT: poll the screen up to 10 s
  for _ in $(seq 1 100); do
    if screen | grep -qF -- "$1"; then return 0; fi
    sleep 0.1
  done
  echo "terminal: never saw '$1'; screen was:"; screen; return 1
}
term() {
  wait_for "exact values" && wait_for "X to move (you)" || return 1
  tmux send-keys -t sente-play-test Down Down Down Down Enter   # the fifth move: cell 5, the centre
  wait_for "Moves (7)" || return 1                                 # X played and the engine answered
  screen | grep -E '^│[123] ' | grep -q O || { echo "terminal: no O on the board"; screen; return 1; }
  tmux send-keys -t sente-play-test h
  wait_for "Hint: " || return 1
  tmux send-keys -t sente-play-test u
  wait_for "Moves (9)" || return 1
  tmux send-keys -t sente-play-test ':' 5 Enter
  wait_for "Moves (7)" || return 1
  tmux send-keys -t sente-play-test q
  for _ in $(seq 1 50); do [ -s "$save" ] && break; sleep 0.1; done
  grep -qxF "....X...." "$save" && { echo "terminal: the engine's reply is missing from the save"; return 1; }
  grep -q "^[XO.]*X[XO.]*$" "$save" || { echo "terminal: no saved position"; return 1; }
  echo "ok   terminal play: values, move, engine reply, hint, undo, typed move, save ($(cat "$save"))"
}
if term; then echo "1 passed, 0 failed"; else echo "0 passed, 1 failed"; status=1; fi
rm -f "$save"
exit $status
