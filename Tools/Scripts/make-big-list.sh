#!/usr/bin/env bash
# Makes a data folder whose user perf (password pw123456) has N items (1,000,000 by default): the
# app's own migrations and account, then the rows stored by the sqlite3 shell in one transaction (the
# search index's triggers fire as for any row). Usage: make-big-list.sh TODO-BINARY FOLDER [N]
# (docs/performance.md, "rm of many items on a million"). About 30 s for a million.
set -euo pipefail
todo=$1; folder=$2; n=${3:-1000000}
rm -rf "$folder"; mkdir -p "$folder"; chmod 700 "$folder"
printf 'register perf pw123456\nlogin perf pw123456\n' | "$todo" --data-dir "$folder" > /dev/null
sqlite3 "$folder/todo.sqlite" <<SQL
PRAGMA journal_mode=WAL;
BEGIN;
WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < $n)
INSERT INTO todo_item (owner, id, title, done, due, created, updated)
SELECT 1, printf('perf-%08d', i), 'item number ' || i, 0, NULL, 1700000000000 + i, 1700000000000 + i FROM n;
COMMIT;
PRAGMA wal_checkpoint(TRUNCATE);
SQL
sqlite3 "$folder/todo.sqlite" "SELECT count(*) FROM todo_item"
