#!/bin/bash
# Times the app at a terminal: launches BINARY on DATA_DIR in a 120x40 tmux pane, types each LINE
# (the last should be `quit`) and prints the seconds from launch to exit. Typed ahead, the lines
# run one after the other; subtract a run that only types `quit` to get what the lines cost.
#
#   Tools/Scripts/time-list-at-terminal.sh App/.build/debug/todo /tmp/data "list" quit
set -euo pipefail
binary=$1 folder=$2
shift 2
socket="time-list-$$"
times=$(mktemp)
trap 'tmux -L "$socket" kill-server 2>/dev/null || true; rm -f "$times"' EXIT
tmux -L "$socket" new-session -d -s p -x 120 -y 40 \
  "s=\$(date +%s.%N); $binary --data-dir $folder; e=\$(date +%s.%N); echo \"\$s \$e\" > $times; tmux -L $socket wait-for -S done; sleep 5"
for line in "$@"; do tmux -L "$socket" send-keys -t p "$line" Enter; done
tmux -L "$socket" wait-for done
awk '{printf "%.2f\n", $2 - $1}' "$times"
