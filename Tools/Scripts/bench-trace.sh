#!/usr/bin/env bash
# `make bench-trace` (issue 20): what tracing costs a session of a user with ITEMS to-do items
# (265,000 by default), beside the same session untraced, in one run, interleaved, ROUNDS (2) times;
# then how long the trace's replay takes (it must reproduce the session exactly).
#
# 1. The app (release build): a user with ITEMS items signs in (the list is loaded from SQLite),
#    marks three items done, signs out and quits, with `todo --script`, untraced and with
#    `--trace`; then `todo replay` of that trace.
# 2. The store alone (Tools/Benchmarks' TraceTiming): sign in and TOGGLES (10) toggles through the
#    to-do interpreter, untraced and traced; the replay's model is compared with the store's.
#
# Set APP=path/to/todo or TIMING=path/to/TraceTiming to time other builds (an older commit's).
set -euo pipefail
cd "$(dirname "$0")/../.."
rounds=${ROUNDS:-2}
items=${ITEMS:-265000}
toggles=${TOGGLES:-10}
if [ -z "${APP:-}" ]; then
  swift build -c release --package-path App --product todo > /dev/null
  APP="$(swift build -c release --package-path App --show-bin-path)/todo"
fi
if [ -z "${TIMING:-}" ]; then
  swift build -c release --package-path Tools/Benchmarks --product TraceTiming > /dev/null
  swift build -c release --package-path Tools/Benchmarks --product ImportTiming > /dev/null
  TIMING=Tools/Benchmarks/.build/release/TraceTiming
fi
generator=Tools/Benchmarks/.build/release/ImportTiming
[ -x "$generator" ] || swift build -c release --package-path Tools/Benchmarks --product ImportTiming > /dev/null
csv=$($generator --generate "$items")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# The user and their items (not timed).
printf 'register ada correct-horse\nlogin ada correct-horse\nimport %s\nlogout\nquit\n' "$csv" > "$work/setup.txt"
"$APP" --data-dir "$work/data" --script "$work/setup.txt" > /dev/null
printf 'login ada correct-horse\ndone 1\ndone 2\ndone 3\nlogout\nquit\n' > "$work/session.txt"

seconds() { /usr/bin/time -f %e "$@" 2>&1 > /dev/null | tail -1; }
echo "The app: $items items, sign in, 3 done, sign out; $rounds rounds, interleaved"
for round in $(seq "$rounds"); do
  untraced=$(seconds "$APP" --data-dir "$work/data" --script "$work/session.txt")
  traced=$(seconds "$APP" --data-dir "$work/data" --script "$work/session.txt" --trace "$work/session.jsonl")
  replay=$(seconds "$APP" replay "$work/session.jsonl")
  "$APP" replay "$work/session.jsonl" | tail -1 | sed 's/^/    /'
  awk -v u="$untraced" -v t="$traced" -v r="$replay" -v n="$round" -v size="$(wc -c < "$work/session.jsonl")" \
    'BEGIN { printf "  round %d: untraced %.2f s, traced %.2f s (%.2fx), replay %.2f s, trace %d kB\n", n, u, t, t / u, r, size / 1000 }'
done
echo "The store alone:"
"$TIMING" "$items" "$toggles" "$rounds" | sed 's/^/  /'
