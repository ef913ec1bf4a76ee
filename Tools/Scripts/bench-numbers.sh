#!/usr/bin/env bash
# `make bench-numbers` (issue 56): what keeping a listing's numbers in SQLite costs at ROWS items
# (1,000,000 by default) of one user, timed by the sqlite3 shell (`.timer on`, best of 3 CPU and
# wall-clock): deleting 100,000 items with and without the trigger that marks them
# (`todo_number_gone`, migration todo.v9; todo.v10's, which first marks a late item gone), storing
# 100,000 with and without a trigger that would
# forget a mark of the same key (not used: the code that stores items again forgets them once a
# statement, see TodoNumbering), an item's number counted over the items and the marks
# before it, and the item a number names, found by merging both in creation order; then the same
# with 100,000 late items (`todo_number_late`: imported after the listing with older creation
# times). The schema is the part of the app's that these statements touch: `todo_item` (WITHOUT
# ROWID) with its index `todo_item_display`, and the tables and trigger as TodoNumbering writes them.
set -euo pipefail
rows=${ROWS:-1000000}
if ! command -v sqlite3 > /dev/null; then
  echo "bench-numbers: needs the sqlite3 shell (apt-get install sqlite3)" >&2
  exit 1
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
base=$work/base.sqlite
sqlite3 "$base" <<SQL > /dev/null
PRAGMA journal_mode = WAL;
CREATE TABLE todo_item (owner INTEGER NOT NULL, id TEXT NOT NULL, title TEXT NOT NULL,
  done INTEGER NOT NULL, due INTEGER, created INTEGER NOT NULL, updated INTEGER NOT NULL,
  PRIMARY KEY (owner, id)) WITHOUT ROWID;
CREATE INDEX todo_item_display ON todo_item (owner, created, id);
CREATE TABLE todo_number_gone (owner INTEGER NOT NULL, created INTEGER NOT NULL, id TEXT NOT NULL,
  PRIMARY KEY (owner, created, id)) WITHOUT ROWID;
CREATE TABLE todo_number_late (owner INTEGER NOT NULL, created INTEGER NOT NULL, id TEXT NOT NULL,
  seq INTEGER NOT NULL, gone INTEGER NOT NULL DEFAULT 0, PRIMARY KEY (owner, created, id)) WITHOUT ROWID;
CREATE UNIQUE INDEX todo_number_late_seq ON todo_number_late (owner, seq);
WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i + 1 < $rows)
INSERT INTO todo_item SELECT 1, printf('item-%07d', i), 'Generated task ' || i, i % 4 = 0, NULL,
  1767225600000 + i, 1767225600000 + i FROM n;
SQL
trigger9="CREATE TRIGGER todo_number_item_deleted AFTER DELETE ON todo_item BEGIN
  INSERT OR IGNORE INTO todo_number_gone (owner, created, id) VALUES (old.owner, old.created, old.id); END;"
trigger="CREATE TRIGGER todo_number_item_deleted AFTER DELETE ON todo_item BEGIN
  UPDATE todo_number_late SET gone = 1 WHERE owner = old.owner AND created = old.created AND id = old.id;
  INSERT OR IGNORE INTO todo_number_gone (owner, created, id) SELECT old.owner, old.created, old.id
    WHERE NOT EXISTS (SELECT 1 FROM todo_number_late
      WHERE owner = old.owner AND created = old.created AND id = old.id); END;"
# 100,000 items imported after the listing, created before every item there: late.
late="INSERT INTO todo_item SELECT 1, printf('old-%07d', value), 'Old task ' || value, 0, NULL,
  1767225600000 - 1000000 + value, 1767225600000 FROM generate_series(1, $((rows / 10)));
INSERT INTO todo_number_late (owner, created, id, seq) SELECT 1, 1767225600000 - 1000000 + value,
  printf('old-%07d', value), value FROM generate_series(1, $((rows / 10)));"
delete="DELETE FROM todo_item WHERE owner = 1 AND id IN (SELECT printf('item-%07d', value)
  FROM generate_series($((rows / 10)), $((rows / 5 - 1))));"
forget="CREATE TRIGGER todo_number_item_stored AFTER INSERT ON todo_item BEGIN
  DELETE FROM todo_number_gone WHERE owner = new.owner AND created = new.created AND id = new.id; END;"
insert="INSERT INTO todo_item SELECT 2, printf('new-%07d', value), 'New task ' || value, 0, NULL,
  1767225600000 + value, 1767225600000 + value FROM generate_series(1, $((rows / 10)));"
# Every run first reads the whole index, so that each timed statement finds it in the cache.
warm="SELECT count(*) FROM todo_item; SELECT count(*) FROM todo_number_gone; SELECT count(*) FROM todo_number_late;"
# Best of 3 of the named statement's wall-clock and CPU (user + system), each on a fresh copy.
best() {  # name, setup, statement
  local best= best_cpu=
  for _ in 1 2 3; do
    cp "$base" "$work/run.sqlite"
    read -r total cpu < <( (echo "$2"; echo "$warm"; echo ".timer on"; echo "$3") | sqlite3 "$work/run.sqlite" \
      | awk '/^Run Time/ { t += $4; c += $6 + $8 } END { print t, c }')
    best=$(awk -v a="$best" -v b="$total" 'BEGIN { print (a == "" || b < a) ? b : a }')
    best_cpu=$(awk -v a="$best_cpu" -v b="$cpu" 'BEGIN { print (a == "" || b < a) ? b : a }')
  done
  awk -v n="$1" -v t="$best" -v c="$best_cpu" 'BEGIN { printf "%-44s %8.1f ms, CPU %8.1f ms\n", n, t * 1000, c * 1000 }'
}
position=$((rows / 2))
key="(1767225600000 + $((position - 1)), printf('item-%07d', $((position - 1))))"
number="SELECT (SELECT count(*) FROM todo_item WHERE owner = 1 AND (created, id) < $key)
  + (SELECT count(*) FROM todo_number_gone WHERE owner = 1 AND (created, id) < $key) + 1;"
# The same with late items, as TodoTable.numbers(of:owner:in:) counts it.
number_late="SELECT (SELECT count(*) FROM todo_item WHERE owner = 1 AND (created, id) < $key)
  + (SELECT count(*) FROM todo_number_gone WHERE owner = 1 AND (created, id) < $key)
  - (SELECT count(*) FROM todo_number_late WHERE owner = 1 AND (created, id) < $key AND NOT gone) + 1;"
late_number="SELECT (SELECT count(*) FROM todo_item WHERE owner = 1)
  - (SELECT count(*) FROM todo_number_late WHERE owner = 1 AND NOT gone)
  + (SELECT count(*) FROM todo_number_gone WHERE owner = 1)
  + (SELECT count(*) FROM todo_number_late WHERE owner = 1 AND seq <= late.seq)
  FROM todo_number_late AS late WHERE owner = 1 AND created = 1767225600000 - 1000000 + 50000
  AND id = 'old-0050000';"
named_late() {  # a number among the listed entries, with late items
  echo "SELECT id, gone FROM (SELECT created, id, 0 AS gone FROM todo_item WHERE owner = 1
    AND NOT EXISTS (SELECT 1 FROM todo_number_late AS late
      WHERE late.owner = 1 AND late.created = todo_item.created AND late.id = todo_item.id)
    UNION ALL SELECT created, id, 1 FROM todo_number_gone WHERE owner = 1 ORDER BY created, id)
    LIMIT 1 OFFSET $(($1 - 1));"
}
named() {  # a number
  echo "SELECT id, gone FROM (SELECT created, id, 0 AS gone FROM todo_item WHERE owner = 1
    UNION ALL SELECT created, id, 1 FROM todo_number_gone WHERE owner = 1 ORDER BY created, id)
    LIMIT 1 OFFSET $(($1 - 1));"
}
echo "sqlite3 $(sqlite3 --version | cut -d' ' -f1), $rows items, best of 3:"
best "delete $((rows / 10)) items, no trigger" "" "$delete"
best "delete $((rows / 10)) items, each leaving its mark (v9)" "$trigger9" "$delete"
best "delete $((rows / 10)) items, each leaving its mark" "$trigger" "$delete"
best "insert $((rows / 10)) items, no trigger" "" "$insert"
best "insert $((rows / 10)) items, a trigger looking for a mark" "$forget" "$insert"
best "the number of item $position, no marks" "" "$number"
best "the number of item $position, $((rows / 10)) marks" "$trigger $delete" "$number"
best "the item number 7 names, $((rows / 10)) marks" "$trigger $delete" "$(named 7)"
best "the item number $((rows * 3 / 20)) names (gone)" "$trigger $delete" "$(named $((rows * 3 / 20)))"
best "the item number $position names" "$trigger $delete" "$(named $position)"
best "the number of item $position, $((rows / 10)) late" "$trigger $late" "$number_late"
best "the number of late item 50,000" "$trigger $late" "$late_number"
best "the item number 7 names, $((rows / 10)) late" "$trigger $late" "$(named_late 7)"
best "the item number $position names, $((rows / 10)) late" "$trigger $late" "$(named_late $position)"
