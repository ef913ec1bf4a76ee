#!/usr/bin/env bash
# `make bench-page` (issue 56): one page of a listing read from SQLite by TodoDatabase.page, at ROWS
# items (1,000,000 by default) of one user, beside its anchor, the sqlite3 shell running the same
# statements on the same file. The database is made by the app's migrations (`ImportTiming
# --create`), then filled by the shell: a quarter of the items done, a tenth with a due time (half
# of them past), priorities mostly none, +home on a fifth, +work on a seventh, +rare on one in a
# thousand. Prints each listing's best of 5 (ImportTiming --pages), then the shell's best of 5 for
# the statements of `list`, `list --page 2` and `list +home`. ROWS=1000 for a quick check.
set -euo pipefail
cd "$(dirname "$0")/../.."
rows=${ROWS:-1000000}
if ! command -v sqlite3 > /dev/null; then
  Tools/Scripts/import-anchor.sh  # prints how to install sqlite3 and fails
fi
swift build -c release --package-path Tools/Benchmarks --product ImportTiming > /dev/null
timing=Tools/Benchmarks/.build/release/ImportTiming
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
database=$work/pages.sqlite
$timing --create "$database"
start=$(date +%s.%N)
sqlite3 "$database" <<SQL
PRAGMA synchronous = NORMAL;
WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i + 1 < $rows)
INSERT INTO todo_item (owner, id, title, done, due, created, updated, priority, tags)
SELECT 1, printf('item-%07d', i), 'Generated task ' || i, i % 4 = 0,
  CASE WHEN i % 10 = 3 THEN 1798761600000 + (i * 7919 % 200000 - 100000) * 60000 END,
  1767225600000 + i, 1767225600000 + i,
  CASE WHEN i * 31 % 100 < 70 THEN 0 WHEN i * 31 % 100 < 85 THEN 1 WHEN i * 31 % 100 < 95 THEN 2 ELSE 3 END,
  trim(CASE WHEN i % 5 = 0 THEN 'home ' ELSE '' END || CASE WHEN i % 1000 = 7 THEN 'rare ' ELSE '' END
    || CASE WHEN i % 7 = 0 THEN 'work' ELSE '' END)
FROM n;
SQL
echo "Filled $rows items in $(awk -v s="$start" -v e="$(date +%s.%N)" 'BEGIN { printf "%.1f", e - s }') s"
echo "TodoDatabase.page, best of 5:"
$timing --pages "$database"

# The statements TodoDatabase.page runs for a listing (TodoTable+Page.swift): the open run's counts,
# the done run's count, the page's rows, and the count of the list in creation order up to the
# page's last item there (ImportTiming counts it in one range a row; the ranges add up to this one);
# `now` is ImportTiming's.
open_counts="SELECT count(*), count(*) FILTER (WHERE due < 1798761600000) FROM todo_item WHERE owner = 1 AND NOT done"
done_count="SELECT count(*) FROM todo_item WHERE owner = 1 AND done"
keys_of() {  # tag condition, offset
  echo "SELECT owner, priority, due, created, id FROM todo_item WHERE owner = 1 AND NOT done$1
    ORDER BY priority DESC, due IS NULL, due, created, id LIMIT 20 OFFSET $2"
}
page_of() {  # tag condition, offset
  echo "SELECT item.id, item.title, item.done, item.due, item.created, item.updated, item.priority, item.tags
    FROM ($(keys_of "$1" "$2")) AS page JOIN todo_item AS item ON item.owner = page.owner AND item.id = page.id
    ORDER BY page.priority DESC, page.due IS NULL, page.due, page.created, page.id;
  SELECT count(*) FROM todo_item WHERE owner = 1 AND (created, id) <= (
    SELECT created, id FROM ($(keys_of "$1" "$2")) ORDER BY created DESC, id DESC LIMIT 1)"
}
home=" AND instr(tags, 'home') > 0 AND instr(' ' || tags || ' ', ' home ') > 0"
# Best of 5 of the sums of the statements' wall-clock and CPU (user + system) times, as `.timer on`
# reports them: on a machine shared with other work the CPU time moves less.
anchor() {  # name, statements
  local best= best_cpu=
  for _ in 1 2 3 4 5; do
    read -r total cpu < <( (echo ".timer on"; echo "$2") | sqlite3 "$database" \
      | awk '/^Run Time/ { t += $4; c += $6 + $8 } END { print t, c }')
    best=$(awk -v a="$best" -v b="$total" 'BEGIN { print (a == "" || b < a) ? b : a }')
    best_cpu=$(awk -v a="$best_cpu" -v b="$cpu" 'BEGIN { print (a == "" || b < a) ? b : a }')
  done
  awk -v n="$1" -v t="$best" -v c="$best_cpu" 'BEGIN { printf "%-22s %7.1f ms, CPU %7.1f ms\n", n, t * 1000, c * 1000 }'
}
echo "sqlite3 $(sqlite3 --version | cut -d' ' -f1), the same statements, best of 5:"
anchor "list" "$open_counts; $done_count; $(page_of "" 0);"
anchor "list --page 2" "$open_counts; $done_count; $(page_of "" 20);"
anchor "list +home" "$open_counts$home; $done_count$home; $(page_of "$home" 0);"
