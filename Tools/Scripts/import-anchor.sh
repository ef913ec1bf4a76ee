#!/usr/bin/env bash
# The anchor of the import benchmark (issue 20): SQLite's own command-line shell importing a to-do
# CSV with `.import` into a staging table, then `INSERT … SELECT` into the app's `todo_item` schema
# and index, converting the ISO 8601 timestamps to milliseconds and making ordered ids (36
# characters, as the app's UUIDv7). The database is opened as the app opens its own (WAL,
# synchronous = NORMAL). Prints the seconds taken, wall-clock and CPU (user + system): on a machine
# shared with other work the CPU time moves less than the wall-clock time.
#
#   Tools/Scripts/import-anchor.sh FILE.csv DATABASE.sqlite
#   Tools/Scripts/import-anchor.sh --existing FILE.csv DATABASE.sqlite
#
# Without --existing the database is made here with the table and index of migration "todo.v1"
# only: SQLite's speed at storing the rows. With --existing, DATABASE.sqlite was made by the app's
# own migrations (`ImportTiming --create DATABASE.sqlite`), so the shell's INSERT also keeps the
# full-text index and every other structure the app keeps in step by triggers: the same work as the
# app's import, with no schema restated here.
set -euo pipefail
if ! command -v sqlite3 > /dev/null; then
  echo "import-anchor: the sqlite3 shell is missing; install it with" >&2
  echo "  sudo apt-get update && sudo apt-get install -y sqlite3     (Debian, Ubuntu)" >&2
  echo "  brew install sqlite                                        (macOS)" >&2
  exit 2
fi
existing=false
if [[ ${1:-} == --existing ]]; then
  existing=true
  shift
fi
if [[ $# -ne 2 ]]; then
  echo "usage: import-anchor.sh [--existing] FILE.csv DATABASE.sqlite" >&2
  exit 2
fi
csv=$1
database=$2
schema="todo.v1 only"
if $existing; then
  schema="the app's schema"
  if [[ ! -f $database ]]; then
    echo "import-anchor: $database does not exist (make it with ImportTiming --create)" >&2
    exit 2
  fi
else
rm -f "$database" "$database-wal" "$database-shm"
# The schema is TodoDatabase's migration "todo.v1" (Packages/TodoImpl/.../TodoDatabase.swift).
sqlite3 "$database" > /dev/null <<'SQL'
PRAGMA journal_mode = WAL;
CREATE TABLE todo_item (
  owner INTEGER NOT NULL,
  id TEXT NOT NULL,
  title TEXT NOT NULL,
  done INTEGER NOT NULL CHECK (done IN (0, 1)),
  due INTEGER,
  created INTEGER NOT NULL,
  updated INTEGER NOT NULL,
  PRIMARY KEY (owner, id)
) WITHOUT ROWID;
CREATE INDEX todo_item_display ON todo_item (owner, created, id);
SQL
fi
cpu=$(mktemp)
start=$(date +%s.%N)
/usr/bin/time -f "%U %S" -o "$cpu" sqlite3 "$database" <<SQL
PRAGMA synchronous = NORMAL;
CREATE TEMP TABLE staging (id TEXT, title TEXT, done TEXT, due TEXT, created TEXT, updated TEXT);
.import --csv --skip 1 --schema temp '$csv' staging
INSERT INTO todo_item (owner, id, title, done, due, created, updated)
SELECT 1,
  CASE id WHEN '' THEN printf('%08x-%04x-7000-8000-%012x', 1700000000, rowid >> 48, rowid) ELSE id END,
  title, done = 'true',
  CASE due WHEN '' THEN NULL ELSE CAST(round((julianday(due) - 2440587.5) * 86400000) AS INTEGER) END,
  CAST(round((julianday(created) - 2440587.5) * 86400000) AS INTEGER),
  CAST(round((julianday(updated) - 2440587.5) * 86400000) AS INTEGER)
FROM temp.staging ORDER BY rowid;
SQL
end=$(date +%s.%N)
rows=$(sqlite3 "$database" "SELECT count(*) FROM todo_item")
read -r user sys < "$cpu"
rm -f "$cpu"
awk -v start="$start" -v end="$end" -v rows="$rows" -v user="$user" -v sys="$sys" \
  -v schema="$schema" \
  'BEGIN { printf "sqlite3 .import + INSERT … SELECT (%s): %.2f s, CPU %.2f s (%d rows)\n", schema, end - start, user + sys, rows }'
