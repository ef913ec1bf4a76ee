#!/usr/bin/env bash
# Which files and functions of the repository one line typed at the prompt runs, from the key
# presses to the printed answer (issue 29's measure: `add buy milk`).
#
# Builds the app with coverage counters (App/.build-coverage), runs it twice at a real terminal
# (tmux, 120x40) on a data folder where `ann` is signed in with one item: once typing only `quit`,
# once typing LINE, waiting for its answer, then `quit`. The functions whose execution count grew
# are the line's path; the app's one-second clock may add its own few functions to either run.
#
# usage: Tools/Scripts/line-path.sh ["add buy milk"] [EXPECTED_OUTPUT]   (needs tmux)
set -euo pipefail
cd "$(dirname "$0")/../.."
LINE=${1:-add buy milk}
EXPECT=${2:-Added 2}
command -v tmux > /dev/null || { echo "line-path: tmux is required" >&2; exit 1; }
TOOLCHAIN=$(dirname "$(readlink -f "$(command -v swift)")")
swift build --package-path App --product todo --scratch-path App/.build-coverage --enable-code-coverage >&2
BIN=App/.build-coverage/debug/todo
OUT=$(mktemp -d)
DATA="$OUT/data"
printf 'register ann password1\nlogin ann password1\nadd first\n' > "$OUT/setup"
LLVM_PROFILE_FILE=/dev/null "$BIN" --data-dir "$DATA" --script "$OUT/setup" > /dev/null
SOCKET="line-path-$$"
wait_for() { for _ in $(seq 100); do tmux -L "$SOCKET" capture-pane -p -t lp | grep -q "$1" && return 0; sleep 0.1; done; return 1; }
run() { # name [line]
  tmux -L "$SOCKET" kill-server 2> /dev/null || true
  tmux -L "$SOCKET" new-session -d -s lp -x 120 -y 40 \
    "LLVM_PROFILE_FILE=$OUT/$1.profraw TZ=UTC $PWD/$BIN --data-dir $DATA; sleep 5"
  wait_for "ann>"
  if [ $# -gt 1 ]; then
    tmux -L "$SOCKET" send-keys -t lp -l "$2"
    tmux -L "$SOCKET" send-keys -t lp Enter
    wait_for "$EXPECT" || { echo "line-path: no \"$EXPECT\" after \"$2\"" >&2; exit 1; }
  fi
  sleep 0.5
  tmux -L "$SOCKET" send-keys -t lp -l quit
  tmux -L "$SOCKET" send-keys -t lp Enter
  for _ in $(seq 100); do [ -s "$OUT/$1.profraw" ] && break; sleep 0.1; done
  sleep 0.5
  tmux -L "$SOCKET" kill-server 2> /dev/null || true
}
run without
run with "$LINE"
for name in without with; do
  "$TOOLCHAIN/llvm-profdata" merge -sparse "$OUT/$name.profraw" -o "$OUT/$name.profdata"
  "$TOOLCHAIN/llvm-cov" export -skip-expansions -instr-profile "$OUT/$name.profdata" "$BIN" > "$OUT/$name.json"
done
python3 - "$OUT" <<'PY'
import collections, json, sys
out = sys.argv[1]
def counts(name):
    data = json.load(open(f"{out}/{name}.json"))
    found = {}
    for function in data["data"][0]["functions"]:
        files = [f for f in function["filenames"] if "/Packages/" in f or "/App/Sources/" in f]
        if files:
            found[(function["name"], files[0])] = function["count"]
    return found
without, with_line = counts("without"), counts("with")
grew = [key for key in with_line if with_line[key] > without.get(key, 0)]
files = collections.Counter(file for (_, file) in grew)
def short(path):
    return path.split("/Packages/")[-1] if "/Packages/" in path else "App/" + path.split("/App/")[-1]
for file, count in sorted(files.items(), key=lambda item: short(item[0])):
    print(f"{count:4}  {short(file)}")
print(f"{len(grew)} functions in {len(files)} files")
PY
rm -rf "$OUT"
