#!/usr/bin/env bash
# `make bench-import` (issue 20): the store's CSV import beside its anchor, the sqlite3 shell's own
# import of the same file into the same schema, in one run, interleaved, best of ROUNDS (2) each.
# The anchor that counts imports into a database made by the app's migrations, so the shell also
# keeps the full-text index (import-anchor.sh --existing); the shell's import into migration
# todo.v1's table alone is printed too, as SQLite's speed at storing the rows and nothing else.
# Needs the sqlite3 shell (import-anchor.sh says how to install it). Prints both and the ratios of
# the best wall-clock times and of the best CPU times (user + system, every thread: the store parses
# on one core while SQLite writes on another; the shell uses one).
set -euo pipefail
cd "$(dirname "$0")/../.."
rounds=${ROUNDS:-2}
source Tools/Scripts/bench-setup.sh
echo "File: $csv ($(wc -c < "$csv") bytes, $rows rows); $rounds rounds, interleaved"
best_bare=
best_anchor=
best_store=
best_anchor_cpu=
best_store_cpu=
for round in $(seq "$rounds"); do
  bare=$(Tools/Scripts/import-anchor.sh "$csv" "$work/bare.sqlite")
  echo "  round $round: $bare"
  rm -f "$work/anchor.sqlite"*
  $timing --create "$work/anchor.sqlite"
  anchor=$(Tools/Scripts/import-anchor.sh --existing "$csv" "$work/anchor.sqlite")
  echo "  round $round: $anchor"
  store=$(IMPORT_ONLY=1 $timing "$csv" "$work/store.sqlite")
  echo "  round $round: $store"
  best_bare=$(least "$best_bare" "$(sed -E 's/.*: ([0-9.]+) s,.*/\1/' <<< "$bare")")
  best_anchor=$(least "$best_anchor" "$(sed -E 's/.*: ([0-9.]+) s,.*/\1/' <<< "$anchor")")
  best_store=$(least "$best_store" "$(sed -E 's/.*: ([0-9.]+) s,.*/\1/' <<< "$store")")
  best_anchor_cpu=$(least "$best_anchor_cpu" "$(sed -E 's/.*CPU ([0-9.]+) s.*/\1/' <<< "$anchor")")
  best_store_cpu=$(least "$best_store_cpu" "$(sed -E 's/.*CPU ([0-9.]+) s.*/\1/' <<< "$store")")
done
awk -v b="$best_bare" -v a="$best_anchor" -v s="$best_store" -v ac="$best_anchor_cpu" -v sc="$best_store_cpu" 'BEGIN {
  printf "Best wall-clock: sqlite3 storing the rows alone (todo.v1) %.2f s\n", b
  printf "Best wall-clock: sqlite3 %.2f s, store %.2f s: the store takes %.2fx the anchor\n", a, s, s / a
  printf "Best CPU time:   sqlite3 %.2f s, store %.2f s: the store takes %.2fx the anchor\n", ac, sc, sc / ac
}'
