#!/usr/bin/env bash
# The million-item targets of issue 42, each beside a sqlite3 shell anchor doing the same reads, in
# one run, interleaved, ROUNDS (3) rounds. Usage: bench-million.sh TODO-BINARY BASE-FOLDER
# BASE-FOLDER is made by make-big-list.sh (user perf, 1,000,000 items); this script tags every
# third item +home and every fifth +work once, then runs each case on a fresh copy of it:
#   start-up       a script of nothing: launch, load the list, exit (wall s, peak resident KB)
#   list           `list --page 1` (50 items), and `list +home -work --page 3`, less the start-up
#   export         `export FILE`, less the start-up; anchor: the shell's `.mode csv` export of the
#                  same columns in the list's order
#   find           `find item number 4242`, a page of matches, less the start-up (issue 56)
#   rm             `rm 1-100000` (a script is not asked), less the start-up (issue 56)
#   done, undo     `list --page 1` then `done 7`, and then `undo`, less the listing (issue 56)
#   trace          the size of the `--trace` of a session of 20 commands (issue 56)
#   anchors        the shell reading every row the start-up loads; counting and reading one page
# Needs the sqlite3 shell and GNU time. docs/performance.md, "A million items (issue 42)".
set -euo pipefail
todo=$1; base=$2; rounds=${ROUNDS:-3}
db="$base/todo.sqlite"
if [ "$(sqlite3 "$db" "SELECT count(*) FROM todo_item WHERE tags <> ''")" = 0 ]; then
  sqlite3 "$db" "UPDATE todo_item SET tags = trim(CASE WHEN CAST(substr(id, 6) AS INTEGER) % 3 = 0 THEN 'home' ELSE '' END
    || CASE WHEN CAST(substr(id, 6) AS INTEGER) % 5 = 0 THEN ' work' ELSE '' END); PRAGMA wal_checkpoint(TRUNCATE);"
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
columns="id, title, done, due, created, updated, priority, tags"
# Runs the app on a fresh copy of BASE with the script $1 (and the options after it); prints
# "wall-s peak-KB".
app() {
  local script=$1; shift
  rm -rf "$work/data" "$work/out.csv"; cp -a "$base" "$work/data"
  /usr/bin/time -f "%e %M" -o "$work/time" "$todo" --data-dir "$work/data" "$@" <<< "$script" > /dev/null
  cat "$work/time"
}
# Times the shell running $@ on a copy of the database; prints wall seconds.
shell() {
  local start end
  start=$(date +%s.%N); sqlite3 "$db" "$@" > "$work/shell.out"; end=$(date +%s.%N)
  awk -v s="$start" -v e="$end" 'BEGIN { printf "%.2f\n", e - s }'
}
for round in $(seq "$rounds"); do
  echo "round $round"
  echo "  app start-up (nothing):           $(app '')"
  echo "  app list --page 1:                $(app 'list --page 1')"
  echo "  app list +home -work --page 3:    $(app 'list +home -work --page 3')"
  echo "  app export:                       $(app "export $work/out.csv")"
  echo "  app find item number 4242:        $(app 'find item number 4242')"
  echo "  app rm 1-100000:                  $(app 'rm 1-100000')"
  echo "  app list --page 1, done 7:        $(app $'list --page 1\ndone 7')"
  echo "  app list --page 1, done 7, undo:  $(app $'list --page 1\ndone 7\nundo')"
  twenty=$'list --page 1\nlist --page 2\nfind item number 7 --page 1\ndone 3\nundo\nadd a new item +home\ntag 2 +work\npri 4 high\n'
  twenty+=$'due 5 tomorrow\nlist +home --page 1\nrename 6 renamed\nrm 8\nundo\nlist due\nfind renamed\nreopen 3\n'
  twenty+=$'list done --page 1\ninfo 2\nclear-done\nlist --page 3'
  app "$twenty" --trace "$work/trace.jsonl" > /dev/null
  echo "  trace of 20 commands:             $(stat -c %s "$work/trace.jsonl") bytes"
  echo "  shell: read every row:            $(shell "SELECT $columns FROM todo_item WHERE owner = 1 ORDER BY created, id")"
  echo "  shell: .mode csv export:          $(shell -csv -header "SELECT $columns FROM todo_item WHERE owner = 1 ORDER BY created, id")"
  echo "  shell: counts and a page:         $(shell "SELECT count(*), sum(done) FROM todo_item WHERE owner = 1; SELECT $columns FROM todo_item WHERE owner = 1 AND ' ' || tags || ' ' LIKE '% home %' AND ' ' || tags || ' ' NOT LIKE '% work %' ORDER BY done, created, id LIMIT 50 OFFSET 100")"
done
