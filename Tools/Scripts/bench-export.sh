#!/usr/bin/env bash
# `make bench-export` (issue 42): the store's CSV export of a million items beside its anchor, the
# sqlite3 shell's `.mode csv` export of the same columns in the same order, in one run, interleaved,
# best of ROUNDS (3) each, wall clock and CPU time (user + system).
#
# The database is made once by the store's own import of the B5 file (ROWS rows, 1,000,000 by
# default). The store's export is TodoImpl's interpreter performing `TodoCommand.exportCSV` as
# `export FILE` does (ImportTiming --export): it formats the dates as ISO 8601 text and writes the
# file through a temporary one that it flushes to disk before renaming it; the shell writes SQLite's
# integers as they are to its standard output. Needs the sqlite3 shell and GNU time.
# BEFORE=PATH also times another build of ImportTiming (an older commit's) in the same rounds.
# docs/performance.md, "A million items".
set -euo pipefail
cd "$(dirname "$0")/../.."
rounds=${ROUNDS:-3}
source Tools/Scripts/bench-setup.sh
IMPORT_ONLY=1 $timing "$csv" "$work/todo.sqlite" > /dev/null
columns="id, title, done, due, created, updated, priority, tags"
echo "Database: $rows items imported from $csv; $rounds rounds, interleaved"
best_shell= best_shell_cpu= best_store= best_store_cpu=
for round in $(seq "$rounds"); do
  shell=$(/usr/bin/time -f "%e %U %S" sqlite3 -csv -header "$work/todo.sqlite" \
    "SELECT $columns FROM todo_item WHERE owner = 1 ORDER BY created, id" 2>&1 > "$work/shell.csv")
  read -r wall user system <<< "$shell"
  shell_cpu=$(awk -v u="$user" -v s="$system" 'BEGIN { printf "%.2f", u + s }')
  echo "  round $round: sqlite3 .mode csv: $wall s, CPU $shell_cpu s"
  store=$($timing --export "$work/todo.sqlite" "$work/store.csv")
  echo "  round $round: $store"
  if [ -n "${BEFORE:-}" ]; then
    echo "  round $round: before: $("$BEFORE" --export "$work/todo.sqlite" "$work/before.csv")"
    cmp -s "$work/before.csv" "$work/store.csv" || echo "  round $round: the two builds wrote different files"
  fi
  best_shell=$(least "$best_shell" "$wall")
  best_shell_cpu=$(least "$best_shell_cpu" "$shell_cpu")
  best_store=$(least "$best_store" "$(sed -E 's/.*: ([0-9.]+) s,.*/\1/' <<< "$store")")
  best_store_cpu=$(least "$best_store_cpu" "$(sed -E 's/.*CPU ([0-9.]+) s.*/\1/' <<< "$store")")
done
echo "Best: store $best_store s (CPU $best_store_cpu s), sqlite3 $best_shell s (CPU $best_shell_cpu s)"
awk -v a="$best_store" -v b="$best_shell" -v c="$best_store_cpu" -v d="$best_shell_cpu" \
  'BEGIN { printf "Ratio store / shell: %.2f× wall clock, %.2f× CPU (target ≤ 1.5×)\n", a / b, c / d }'
