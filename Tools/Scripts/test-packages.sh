#!/usr/bin/env bash
# `make test-packages`: `swift test` in every package given on the line, TEST_JOBS (2) at a time.
#
# Each package has its own `.build`, so a run is mostly compiling, and some of it (linking, the
# App's end-to-end tests waiting on a terminal, the graph tests waiting on `swift package`) leaves a
# core idle: on two cores, two packages at once brought CI's `make test` from 29 min 38 s to
# 24 min 58 s (docs/performance.md, "CI"). The packages start heaviest first, so the long ones
# overlap.
#
# Each package's output goes to a log, printed whole when it ends, so two packages never interleave
# their lines; the summary gives each one's wall-clock time. Fails if any package fails, after
# printing the logs of the failed ones again at the end.
set -uo pipefail
jobs=${TEST_JOBS:-2}
logs=$(mktemp -d -t test-packages.XXXXXX)

# Heaviest first (measured, docs/performance.md): the App builds GRDB and Hummingbird, Tools
# swift-syntax, the Inspector Hummingbird; the rest build Core and a feature.
order=()
for heavy in App Tools Packages/Inspector Packages/Core; do
  for package in "$@"; do [ "$package" = "$heavy" ] && order+=("$package"); done
done
for package in "$@"; do
  case " ${order[*]} " in *" $package "*) ;; *) order+=("$package") ;; esac
done

run_one() {
  local package=$1 logs=$2
  local log="$logs/$(echo "$package" | tr / _).log"
  local start=$SECONDS status=0
  swift test --package-path "$package" > "$log" 2>&1 || status=$?
  local took=$((SECONDS - start))
  {
    echo "==> swift test   $package ($((took / 60)) min $((took % 60)) s, exit $status)"
    cat "$log"
  } | flock "$logs/print.lock" cat
  echo "$package $took $status" >> "$logs/summary"
  return "$status"
}
export -f run_one

start=$SECONDS
printf '%s\n' "${order[@]}" | xargs -P "$jobs" -I{} bash -c 'run_one "$1" "$2"' _ {} "$logs"
status=$?
echo "==> test-packages: $((SECONDS - start)) s with $jobs at a time"
sort -k2 -n -r "$logs/summary" | while read -r package took code; do
  printf '    %-32s %4d s  %s\n' "$package" "$took" "$([ "$code" = 0 ] && echo ok || echo "FAILED ($code)")"
done
failed=$(awk '$3 != 0 { print $1 }' "$logs/summary")
if [ "$status" -ne 0 ] || [ -n "$failed" ]; then
  for package in $failed; do
    echo "==> failed: $package (its log again)"
    tail -n 80 "$logs/$(echo "$package" | tr / _).log"
  done
  echo "test-packages: failed: ${failed:-a package did not run}" >&2
  exit 1
fi
rm -rf "$logs"
