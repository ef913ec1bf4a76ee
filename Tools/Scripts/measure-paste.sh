#!/usr/bin/env bash
# Measures how long the app's prompt takes to take a pasted line of N characters (issue 30): it
# starts TODO (the `todo` executable) in a 120x40 tmux pane, pastes N characters ending in a
# marker, and waits until the marker shows at the prompt. Prints the wall time and the CPU time
# the app spent. Needs tmux.
#
# usage: Tools/Scripts/measure-paste.sh TODO [N]
set -euo pipefail
todo=$1
count=${2:-10000}
folder=$(mktemp -d)
socket="measure-paste-$$"
trap 'tmux -L "$socket" kill-server 2>/dev/null || true; rm -rf "$folder"' EXIT
printf 'register pat password1\nlogin pat password1\n' | "$todo" --data-dir "$folder" > /dev/null
tmux -L "$socket" new-session -d -s paste -x 120 -y 40 "$todo --data-dir $folder"
until tmux -L "$socket" capture-pane -p -t paste | grep -q 'pat>'; do sleep 0.05; done
pid=$(tmux -L "$socket" list-panes -t paste -F '#{pane_pid}')
cpu() { awk '{ print $14 + $15 }' "/proc/$pid/stat"; }
ticks=$(getconf CLK_TCK)
head -c "$((count - 6))" /dev/zero | tr '\0' 'x' > "$folder/paste.txt"
printf 'PASTED' >> "$folder/paste.txt"
tmux -L "$socket" load-buffer -b paste "$folder/paste.txt"
before=$(cpu)
start=$(date +%s.%N)
tmux -L "$socket" paste-buffer -b paste -t paste
until tmux -L "$socket" capture-pane -p -t paste | grep -q 'xPASTED'; do sleep 0.02; done
end=$(date +%s.%N)
after=$(cpu)
echo "$count characters: $(echo "$end - $start" | bc) s wall, $(echo "scale=2; ($after - $before) / $ticks" | bc) s CPU"
