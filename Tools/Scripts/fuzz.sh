#!/usr/bin/env bash
# `make fuzz`: builds Tools/Fuzz with libFuzzer and AddressSanitizer and runs each fuzz target for
# FUZZ_SECONDS (30) seconds; fails if any target crashes, leaks, traps on a broken invariant, or
# spends more than 10 seconds on one input. docs/fuzzing.md says what each target checks.
#
# Each target starts from its committed seeds (Tools/Fuzz/Corpus/<target>) and regression inputs
# (Tools/Fuzz/Regressions/<target>, every one run first); the inputs it finds go to a temporary
# folder, never into the committed corpus. A failing input is kept in FUZZ_ARTIFACTS (a temporary
# folder by default, printed) for you to add under Regressions/ with a unit test.
#
# FUZZ_TARGETS="CSVReaderFuzzer KeyDecoderFuzzer" runs only those.
set -euo pipefail
cd "$(dirname "$0")/../.."
seconds=${FUZZ_SECONDS:-30}
targets=${FUZZ_TARGETS:-CSVReaderFuzzer ImportRowFuzzer TraceReaderFuzzer KeyDecoderFuzzer InputParserFuzzer}
artifacts=${FUZZ_ARTIFACTS:-$(mktemp -d -t fuzz-artifacts.XXXXXX)}
mkdir -p "$artifacts"

# SwiftPM links every executable with a `main` of its own, which gold refuses beside libFuzzer's
# (lld keeps the first): the toolset links with lld.
build=(swift build -c release --package-path Tools/Fuzz --toolset Tools/Fuzz/toolset.json
  -Xswiftc -sanitize=fuzzer,address)
echo "==> ${build[*]}"
# ld.lld warns of each of AddressSanitizer's local symbols that it cannot export: not shown.
if ! "${build[@]}" > "$artifacts/build.log" 2>&1; then
  grep -v "Cannot export local symbol" "$artifacts/build.log" >&2
  echo "fuzz: the build failed" >&2
  exit 1
fi
grep -v "Cannot export local symbol" "$artifacts/build.log" | tail -n 1
bin=$("${build[@]}" --show-bin-path)

# Swift's backtracer would print its own report of a trap, and under ASan a false one of its own
# memory reads; libFuzzer's report of the signal is enough.
export SWIFT_BACKTRACE=enable=no
work=$(mktemp -d -t fuzz-corpus.XXXXXX)
trap 'rm -rf "$work"' EXIT
failed=()
for target in $targets; do
  corpus="$work/$target"
  mkdir -p "$corpus"
  cp Tools/Fuzz/Corpus/"$target"/* "$corpus"/
  regressions=()
  if [ -d Tools/Fuzz/Regressions/"$target" ]; then
    regressions=(Tools/Fuzz/Regressions/"$target"/*)
  fi
  echo "==> $target: ${#regressions[@]} regression inputs, then ${seconds} s"
  log="$artifacts/$target.log"
  if { [ ${#regressions[@]} -eq 0 ] || "$bin/$target" "${regressions[@]}" > "$log" 2>&1; } &&
    ASAN_OPTIONS=detect_leaks=1 "$bin/$target" "$corpus" -max_total_time="$seconds" -timeout=10 \
      -rss_limit_mb=2048 -detect_leaks=1 -print_final_stats=1 -artifact_prefix="$artifacts/$target-" \
      >> "$log" 2>&1; then
    grep -E '^stat::(number_of_executed_units|average_exec_per_sec|peak_rss_mb)' "$log" | sed 's/^/    /'
  else
    failed+=("$target")
    echo "fuzz: $target failed; its log: $log" >&2
    grep -E -A 12 'ERROR: |Fatal error|SUMMARY' "$log" | head -40 >&2 || true
  fi
done
ls "$artifacts"/*-{crash,leak,timeout,oom}-* 2>/dev/null | sed 's/^/fuzz: failing input /' >&2 || true
if [ ${#failed[@]} -gt 0 ]; then
  echo "fuzz: failed: ${failed[*]}" >&2
  exit 1
fi
echo "fuzz: ${targets// /, }: no crash, leak or timeout in ${seconds} s each (logs in $artifacts)"
